import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerUrl } from './support/cli-process.js';

const run = promisify(execFile);

/** The walkthrough block of docs/walkthrough.md, as a reader copies it. */
function walkthrough(): string {
  const readme = readFileSync('docs/walkthrough.md', 'utf8');
  const block =
    /<!-- walkthrough:start -->\s*```bash\n([\s\S]*?)```\s*<!-- walkthrough:end -->/.exec(
      readme,
    )?.[1];
  if (!block) throw new Error('docs/walkthrough.md has no walkthrough block');
  return block;
}

describe('the walkthrough (docs/walkthrough.md)', () => {
  let child: ReturnType<typeof spawn>;
  let url = '';

  beforeAll(async () => {
    // The default scenario, as `npx delivery-sandbox` runs it; only the port differs.
    child = spawn(process.execPath, ['dist/cli.js', '--port', '0', '--log-level', 'silent'], {
      stdio: 'pipe',
    });
    url = await bannerUrl(child);
  });
  afterAll(() => {
    child.kill('SIGTERM');
  });

  it('runs verbatim against the default scenario and shows each step', async () => {
    const script = walkthrough().replace('API=http://127.0.0.1:4242', `API=${url}`);
    expect(script).not.toBe(walkthrough());
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { timeout: 20_000 });
    const checks: [string, RegExp][] = [
      ['1. create', /^created ord_[A-Za-z0-9]{16}$/m],
      [
        '2. read back',
        /"status":"pending".*"pricing":\{"delivery_fee":\d+,"tip":200,"total":\d+,"currency":"USD"\}/,
      ],
      [
        '3. pay',
        /"payment_id":"pay_[A-Za-z0-9]+".*"status":"succeeded".*"payment_method":"pm_card_visa"/,
      ],
      ['4. assign', /^driver_assigned$/m],
      ['5. location', /"phase":"to_pickup"/],
      ['6. deliver', /^delivered$/m],
      [
        '7. cancel with a fee',
        /"status":"cancelled".*"cancellation":\{"cancelled_by":"customer","reason":"requested_by_customer","fee":\{"amount":[1-9]\d*,"currency":"USD"\}/,
      ],
      [
        '8. declined, then paid',
        /"code":"payment_required".*"reason":"card_declined"[\s\S]*"payment_method":"pm_card_mastercard"/,
      ],
      [
        '9. events',
        /"event":"order.created"\n"event":"payment.completed"\n"event":"order.driver_assigned"\n"event":"order.picked_up"\n"event":"order.delivered"/,
      ],
    ];
    for (const [step, pattern] of checks) expect(stdout, step).toMatch(pattern);
  });
});
