/**
 * How much of each list the Home shows before it says how many it left out
 * (a Home view holds at most 100 blocks: with these, at most 70 or so). The
 * counts are chosen so the whole view stays within Slack's limits however
 * much waits; what is left out is counted and named where it can be seen.
 */
export const HOME_SHOWN = {
  /** Requests this person may decide: two blocks each (what, and the buttons). */
  decisions: 10,
  /** Their own requests waiting for someone else: one line each. */
  own: 10,
  /** Open incidents: two blocks each (the line, and its buttons). */
  incidents: 8,
  /** Mutes: one line each. */
  mutes: 10,
  /** Servers not running: one block each, with the card's button. */
  notRunning: 10,
  /** Domains with an SSL problem: one line each. */
  ssl: 10,
  /** Hosting servers named on the summary line. */
  hostingServers: 10,
} as const;

/** Longest server or plan name a Home line shows (names are the provider's; cut, never a block too long). */
export const HOME_NAME_CHARS = 80;
