import ts from 'typescript';

/**
 * Type-checks several TypeScript projects in this process, one program each, as `tsc -p` does
 * (incremental state included), and returns each project's errors formatted as tsc prints them
 * ('' when it compiles). The programs share the declaration files they parse: four projects that
 * differ only in their module setting read the same @types/node, TypeScript's lib files and the
 * package's declarations, and parse (and bind) them once instead of four times, as `tsc -b` shares
 * them between the projects of a build. Each program still checks every file it holds with its own
 * options (its own checker): only the parse is shared, keyed by what the parse depends on (file
 * name, language version, the ESM/CommonJS format implied for the file).
 *
 * `checked` picks the files whose own errors count (default every file, as tsc with
 * `skipLibCheck: false` reports them; `checkedDeclarations` leaves out @types/node's). Types the
 * others declare are still read wherever the checked files use them, so a mistake in how the
 * package uses them is found all the same.
 *
 * @example
 * const [errors] = typeCheckProjects(['/tmp/app/tsconfig.json']);
 * expect(errors).toBe('');
 */
export function typeCheckProjects(
  configFiles: readonly string[],
  checked: (fileName: string) => boolean = () => true,
): string[] {
  const parsed = new Map<string, ts.SourceFile | undefined>();
  return configFiles.map((configFile) => {
    const config = ts.getParsedCommandLineOfConfigFile(configFile, undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    });
    if (!config) throw new Error(`${configFile}: not read`);
    const host = ts.createIncrementalCompilerHost(config.options);
    const parse = host.getSourceFile.bind(host);
    host.getSourceFile = (
      fileName,
      languageVersionOrOptions,
      onError,
      shouldCreateNewSourceFile,
    ) => {
      if (!fileName.endsWith('.d.ts') || shouldCreateNewSourceFile)
        return parse(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
      const { languageVersion, impliedNodeFormat } =
        typeof languageVersionOrOptions === 'object'
          ? languageVersionOrOptions
          : { languageVersion: languageVersionOrOptions, impliedNodeFormat: undefined };
      const key = `${fileName}\0${languageVersion}\0${impliedNodeFormat}`;
      if (!parsed.has(key)) parsed.set(key, parse(fileName, languageVersionOrOptions, onError));
      return parsed.get(key);
    };
    const program = ts.createIncrementalProgram({
      rootNames: config.fileNames,
      options: config.options,
      configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
      projectReferences: config.projectReferences,
      host,
    });
    // tsc's order: the semantic errors only when the files parse and the options are sound
    const diagnostics = [
      ...program.getConfigFileParsingDiagnostics(),
      ...program.getOptionsDiagnostics(),
      ...program.getSyntacticDiagnostics(),
    ];
    if (diagnostics.length === 0) {
      diagnostics.push(...program.getGlobalDiagnostics());
      for (const file of program.getSourceFiles())
        if (checked(file.fileName)) diagnostics.push(...program.getSemanticDiagnostics(file));
    }
    program.emit(); // with noEmit, writes the incremental state (tsBuildInfoFile) only
    return ts.formatDiagnostics(diagnostics, host);
  });
}

/**
 * The files whose own errors test/packaging.test.ts asks for: the user's file, the package's
 * declarations and those of the dependencies they pull in (an error there reaches a user with
 * `skipLibCheck: false` all the same: pino's types on node10 without esModuleInterop), but not
 * @types/node's or TypeScript's own lib files, which were most of a cold check and are no
 * package's to answer for.
 */
export function checkedDeclarations(fileName: string): boolean {
  return !fileName.includes('/node_modules/@types/node/') && !fileName.includes('/typescript/lib/');
}
