/** The people who opened the app's Home tab (`home_viewers`): camelCase fields, `Date` values, `null` for absent. */

export interface HomeViewer {
  userId: string;
  /** When they last opened their Home. */
  openedAt: Date;
  /** Since when what their Home shows may have changed; null while it is published as it is. */
  staleSince: Date | null;
  /** Bumped by every mark: a publish that read generation n clears the mark only if no later one came. */
  staleGen: number;
  /** The fingerprint of the view last published to them; null: publish whatever it is. */
  viewHash: string | null;
  publishedAt: Date | null;
}
