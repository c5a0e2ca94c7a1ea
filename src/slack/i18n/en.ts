/**
 * English catalog. Every sentence users read comes from here or ja.ts (same
 * keys, enforced by the type of ja.ts and by a test). `{name}` is filled by t().
 */
export const en = {
  'help.title': 'What you can do with /vps',
  'help.role': 'Your role here: *{role}*.',
  'help.key_read_only': 'The provider key is read-only, so changes are off for everyone.',
  'help.key_unavailable': 'The provider key could not be read just now; changes may be refused.',
  'help.channel_not_allowed':
    'This channel is not one where /vps may be used; ask an admin for the channel list.',
  'help.you_can': 'Commands you can run',
  'help.not_yours': 'Needs a higher role: {commands}',
  'help.coming': '`/hosting <servername> …` is not available yet.',
  'help.server_ref': 'Name a server by its name, uuid or IP address.',
  'help.cmd.list':
    '`/vps list [filter]` — all servers, e.g. `/vps list web` or `/vps list type=gpu status=suspended`',
  'help.cmd.show': '`/vps show <server>` — the detail card, e.g. `/vps show db-1`',
  'help.cmd.power': '`/vps power <server>` — the power state right now, e.g. `/vps power web-1`',
  'help.cmd.logs':
    '`/vps logs [from= to= status= method= code=]` — the key’s API log, e.g. `/vps logs status=error from=2026-01-01`',
  'help.cmd.me': '`/vps me` — key expiry, permissions and your role',
  'help.cmd.audit': '`/vps audit [server]` — recent changes made through this bot',
  'help.cmd.rename': '`/vps rename <server> <new-name>` — e.g. `/vps rename web-1 web-01`',
  'help.cmd.memo': '`/vps memo <server> <text>` — e.g. `/vps memo db-1 primary database` (`""` clears it)',
  'help.cmd.rdns': '`/vps rdns <server> <hostname>` — e.g. `/vps rdns web-1 www.example.com`',
  'help.cmd.signup':
    '`/vps signup` — order a new VPS: the form asks the provider for the price, an approver confirms it',
  'help.cmd.signups': '`/vps signups` — recent quotes and orders in this channel, with their states',
  'help.cmd.approve': 'Approve or reject orders with the buttons on their approval message',
  'help.cmd.watch':
    '`/vps watch <server|all> [#channel]` — post power changes here (or there); `/vps unwatch …` stops it',
  'help.cmd.watches': '`/vps watches [#channel]` — what this channel (or that one) watches',
  'help.modal_hint': 'Leave out the new value to edit it in a form.',

  'role.none': 'no access',
  'role.viewer': 'viewer',
  'role.operator': 'operator',
  'role.approver': 'approver',
  'role.admin': 'admin',

  'list.header': '{count} servers',
  'list.header_filtered': '{count} servers matching “{filter}”',
  'list.empty': 'No server matches. Try `/vps list` without a filter.',
  'list.page': 'Page {page} of {pages}',
  'list.prev': 'Previous',
  'list.next': 'Next',
  'list.power_unknown': 'power not seen yet',
  'list.power_seen': '{power} (seen {at})',
  'list.no_ip': 'no IP',

  'card.title': '{name}',
  'card.type': 'Type',
  'card.status': 'Contract',
  'card.plan': 'Plan',
  'card.plan_value': '{name} · {vcpu} vCPU · {memory} GB memory · {disk} GB disk',
  'card.ip': 'IP address',
  'card.hostname': 'Hostname',
  'card.rdns': 'Reverse DNS',
  'card.os': 'OS',
  'card.application': 'Application',
  'card.memo': 'Memo',
  'card.power': 'Power',
  'card.power_at': 'Power read at {at}',
  'card.none': '—',
  'card.refresh': 'Refresh',
  'card.rename': 'Rename',
  'card.edit_memo': 'Edit memo',
  'card.set_rdns': 'Set reverse DNS',
  'card.memo_long': 'The memo is {length} characters long; the first part is shown.',

  'power.running': 'running',
  'power.stopped': 'stopped',
  'power.processing': 'processing',
  'power.error': 'error',
  'power.line': '*{name}* is *{power}* (read at {at}).',
  'status.active': 'active',
  'status.suspended': 'suspended',

  'modal.name.title': 'Rename server',
  'modal.memo.title': 'Edit memo',
  'modal.rdns.title': 'Set reverse DNS',
  'modal.submit': 'Save',
  'modal.cancel': 'Cancel',
  'modal.server': 'Server: *{name}* ({ip})',
  'modal.name.label': 'New name',
  'modal.name.hint': 'Up to 50 characters: lower-case letters, digits, - and _.',
  'modal.memo.label': 'Memo',
  'modal.memo.hint': 'Up to 500 characters. Leave empty to delete the memo.',
  'modal.rdns.label': 'Reverse DNS hostname',
  'modal.rdns.hint':
    'Up to 253 characters: letters, digits, - and . — the standard hostname restores the default.',

  'announce.name': '<@{user}> renamed server *{before}* to *{after}*.',
  'announce.memo': '<@{user}> changed the memo of *{name}*: {after}',
  'announce.memo_cleared': '<@{user}> deleted the memo of *{name}*.',
  'announce.rdns': '<@{user}> set the reverse DNS of *{name}* ({ip}) to `{after}` (was `{before}`).',
  'announce.unchanged': 'Nothing to change: *{name}* already has that value.',

  'logs.header': 'API log of the provider key',
  'logs.filters': 'Filters: {filters}',
  'logs.empty': 'No log entries match. Widen the period or drop a filter.',
  'logs.count': '{count} entries on this page',
  'logs.more': 'Older entries',
  'logs.cursor_too_long':
    'More entries exist, but the page marker is too long for a button; narrow the period with from= and to=.',
  'logs.time_note': 'Times in {tz}.',

  'me.title': 'Provider key and your access',
  'me.expires': 'Key expires: {at}',
  'me.never': 'Key never expires.',
  'me.expired': 'The key expired at {at}. Ask the account owner for a new key.',
  'me.vps': 'VPS permission: *{permission}*',
  'me.service': '{service}: {permission}, {targets}',
  'me.targets_all': 'all targets',
  'me.targets_selected': '{count} selected targets',
  'me.signup_yes': 'New VPS signup is allowed with this key.',
  'me.signup_no': 'New VPS signup is not allowed with this key.',
  'me.role': 'Your role here: *{role}*.',
  'me.read_only': 'The key is read-only: rename, memo and reverse DNS are off.',
  'permission.full': 'full',
  'permission.read': 'read only',
  'permission.custom': 'custom',

  'audit.title': 'Recent changes and refused attempts',
  'audit.title_server': 'Recent changes and refused attempts for *{name}*',
  'audit.empty': 'Nothing recorded yet.',
  'audit.entry': '{at} · <@{actor}> · {action} · {target} · {outcome}',
  'audit.outcome.ok': 'done',
  'audit.outcome.refused': 'refused',
  'audit.outcome.failed': 'failed',

  'coming.hosting':
    '`/hosting` is not available yet; it comes in a later release. `/vps help` lists what works today.',
  'modal.loading': 'Loading…',
  'modal.saving': 'Saving… this modal updates when the provider answers.',
  'modal.done': 'Done.',
  'modal.close': 'Close',
  'summary.more': '…and {count} more not shown. Narrow it down with a filter.',

  'parse.unknown_command': 'I don’t know `{word}`. Run `/vps help` to see the commands.',
  'parse.bad_filter':
    'The filter `{filter}` expects {expected}. Example: `/vps logs status=error from=2026-01-01`.',
  'usage.show': 'Usage: `/vps show <server>`, e.g. `/vps show web-1`.',
  'usage.power': 'Usage: `/vps power <server>`, e.g. `/vps power web-1`.',
  'usage.rename': 'Usage: `/vps rename <server> <new-name>`, e.g. `/vps rename web-1 web-01`.',
  'usage.memo': 'Usage: `/vps memo <server> <text>`, e.g. `/vps memo db-1 primary database`.',
  'usage.rdns': 'Usage: `/vps rdns <server> <hostname>`, e.g. `/vps rdns web-1 www.example.com`.',
  'usage.logs':
    'Usage: `/vps logs [from=YYYY-MM-DD] [to=YYYY-MM-DD] [status=success|error] [method=GET] [code=404]`.',
  'usage.me': 'Usage: `/vps me` (no arguments).',
  'usage.audit': 'Usage: `/vps audit [server]`.',
  'usage.signup': 'Usage: `/vps signup` (no arguments); the form asks for the plan, period and OS.',
  'usage.signups': 'Usage: `/vps signups` (no arguments).',

  'error.server_not_found': 'No server called `{ref}`. Check `/vps list` for names, uuids and IP addresses.',
  'error.server_not_found_similar': 'No server called `{ref}`. Did you mean one of these?',
  'error.server_ambiguous': '`{ref}` matches {count} servers. Name one by its exact name, uuid or IP:',
  'error.role_required':
    'This needs the *{role}* role; yours is *{yours}*. Ask an admin to add you to the operators.',
  'error.channel_not_allowed':
    '/vps cannot be used in this channel. Ask an admin which channels are allowed, or use one of them.',
  'error.key_read_only':
    'The provider key is read-only, so changes are turned off. Ask the account owner for a key with write permission.',
  'error.key_no_vps':
    'The provider key has no VPS permission. Ask the account owner to grant VPS access to the key.',
  'error.target_not_in_scope': 'The provider key does not cover this server.',
  'error.invalid_field': 'That value is not accepted: {reason}',
  'error.already_handled': 'This request was already handled; nothing was repeated.',
  'error.internal':
    'Something went wrong on our side and nothing was changed. Try again; if it keeps failing, tell the bot’s admins.',

  'field.name.required': 'Enter a name.',
  'field.name.too_long': 'The name can be at most {limit} characters.',
  'field.name.charset': 'Use only lower-case letters, digits, - and _ in the name.',
  'field.memo.too_long': 'The memo can be at most {limit} characters.',
  'field.memo.required': 'Enter a memo.',
  'field.memo.charset': 'The memo contains characters that are not allowed.',
  'field.rdns.required': 'Enter a hostname.',
  'field.rdns.too_long': 'The hostname can be at most {limit} characters.',
  'field.rdns.charset': 'Use only letters, digits, - and . in the hostname.',
  'field.invalid': 'The value for {field} is not accepted by the provider’s rules.',

  'provider.BAD_REQUEST':
    'The provider could not read the request. Try again; if it repeats, tell the bot’s admins.',
  'provider.UNAUTHORIZED':
    'The provider refused the API key (expired or invalid). Ask the account owner to issue a new key and update PROVIDER_API_KEY.',
  'provider.PAYMENT_REQUIRED':
    'The prepaid balance is too low. Top up the balance in the control panel, then try again.',
  'provider.FORBIDDEN':
    'The provider key may not do this (permission, selected servers only, or an IP restriction). Ask the account owner to widen the key.',
  'provider.NOT_FOUND':
    'The provider does not know this server (any more). Run `/vps list` to see current servers.',
  'provider.CAPACITY_UNAVAILABLE': 'The provider has no capacity or is under maintenance. Try again later.',
  'provider.DUPLICATE_REQUEST':
    'The same request is still being processed by the provider. Wait a minute, then check.',
  'provider.OPERATION_ERROR':
    'The provider could not do this now because of the server’s power state or a running operation. Wait until it is idle (see `/vps power`), then try again.',
  'provider.VALIDATION_ERROR':
    'The provider rejected the value. Check it against the rules in `/vps help` and try again.',
  'provider.PRICE_MISMATCH': 'The price changed since it was shown. Ask for a new quote.',
  'provider.PLAN_NOT_AVAILABLE': 'That plan or period is not open for signup now. Choose another.',
  'provider.RATE_LIMIT_EXCEEDED': 'The provider’s rate limit is reached. Try again in {seconds} seconds.',
  'provider.RATE_LIMIT_EXCEEDED_soon': 'The provider’s rate limit is reached. Try again in a minute.',
  'provider.INTERNAL_ERROR':
    'The provider had an internal error. Nothing may have changed; check, and try again in a few minutes.',
  'provider.BACKEND_ERROR': 'The provider could not reach its backend. Try again in a few minutes.',
  'provider.unknown':
    'The provider answered with an error ({code}). Try again; if it repeats, tell the bot’s admins.',
  'provider.network':
    'The provider could not be reached (timeout or network). If this was a change, check with `/vps show` before trying again.',
} as const;

export type MessageKey = keyof typeof en;
