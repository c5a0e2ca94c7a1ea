/**
 * The shortcuts the app brings to the sandbox's workspace, as manifest.yml
 * declares them (`features.shortcuts`), which is how Slack learns them when
 * the app is installed: a global one is started from the composer, a message
 * one from a message's "More actions". The sandbox sends what Slack sends
 * for each; it knows nothing of what the bot does with them.
 * (test/sandbox/shortcuts.test.ts holds this list to the manifest.)
 */

export interface InstalledShortcut {
  name: string;
  type: 'global' | 'message';
  callbackId: string;
  description: string;
}

export const INSTALLED_SHORTCUTS: readonly InstalledShortcut[] = [
  {
    name: 'Order a VPS',
    type: 'global',
    callbackId: 'order_vps',
    description:
      'Open the order form from anywhere; you choose the channel where an approver confirms the price',
  },
  {
    name: 'Server card',
    type: 'global',
    callbackId: 'find_server',
    description: 'Find a server by its name, IP address or uuid and see its card (shown only to you)',
  },
  {
    name: 'Show server',
    type: 'message',
    callbackId: 'server_from_message',
    description:
      'See the cards of the servers this message names by exact name, IP address or uuid (shown only to you)',
  },
];

/**
 * The shortcut a word names: its callback_id, or its name without spaces in
 * any case (`findserver`, `showserver`); `message` names the one message
 * shortcut.
 */
export function shortcutNamed(word: string): InstalledShortcut | undefined {
  const w = word.toLowerCase().replace(/[\s_-]/g, '');
  const byName = INSTALLED_SHORTCUTS.find(
    (s) => s.callbackId.replace(/_/g, '') === w || s.name.toLowerCase().replace(/\s/g, '') === w,
  );
  if (byName) return byName;
  const messages = INSTALLED_SHORTCUTS.filter((s) => s.type === 'message');
  return w === 'message' && messages.length === 1 ? messages[0] : undefined;
}
