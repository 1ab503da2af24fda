/** Whether an endpoint subscribed to `events` (event names, or `["*"]` for all) wants `event`. */
export function subscribes(endpoint: { events: readonly string[] }, event: string): boolean {
  return endpoint.events.includes('*') || endpoint.events.includes(event);
}
