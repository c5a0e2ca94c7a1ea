/**
 * `/hosting`: the web hosting servers' answers, forms, confirmations and
 * approvals, the field rules of its inputs and its refusals.
 */
import { catalog } from './catalog.ts';

const en = {
  'hosting.help.title': 'What you can do with /hosting',
  'hosting.help.role': 'Your role here: *{role}*.',
  'hosting.help.server': 'Server: `{server}` (the key’s only one, so you may leave it out).',
  'hosting.help.servers':
    'This key covers several servers: put the server name first, e.g. `/hosting {example} info`. `/hosting servers` lists them.',
  'hosting.help.all':
    'This key covers every server of the account: put the server’s initial domain first, e.g. `/hosting xs123456.xsrv.jp info`.',
  'hosting.help.no_key':
    'The provider key has no web hosting (server) permission, so /hosting cannot be used here. Ask the account owner for a key with the server service.',
  'hosting.help.key_read_only': 'The provider key may only read here, so changes are off for everyone.',
  'hosting.help.key_custom':
    'The provider key has custom permissions. Which of its categories covers which command is not published, so every command is offered and the provider decides; a refusal shows the key’s categories.',
  'hosting.help.channel_not_allowed':
    'This channel is not one where /hosting may be used; ask an admin for the channel list.',
  'hosting.help.you_can': 'Commands you can run',
  'hosting.help.not_yours': 'Needs a higher role: {commands}',
  'hosting.help.name.approve': 'approving requests',
  'hosting.help.confirm_note':
    'Resetting a domain, deleting a WordPress site or an SSH key, and turning SSH off ask you to confirm first; nothing is sent before that.',
  'hosting.help.approval_note': 'These also need an approver’s approval here: {actions}.',
  'hosting.help.cmd.hosting.servers': '`/hosting servers` — the servers this key covers',
  'hosting.help.cmd.hosting.info':
    '`/hosting info` — IP address, name servers, PHP and DB versions, hostname',
  'hosting.help.cmd.hosting.usage': '`/hosting usage` — disk use, file count and settings counts',
  'hosting.help.cmd.hosting.domains': '`/hosting domains` — the domains on the server',
  'hosting.help.cmd.hosting.domain':
    '`/hosting domain <name>` — document root, URL, SSL, e.g. `/hosting domain example.jp`',
  'hosting.help.cmd.hosting.domain_add':
    '`/hosting domain add <name> [ssl] [redirect-https]` — e.g. `/hosting domain add shop.example.jp ssl redirect-https`',
  'hosting.help.cmd.hosting.domain_reset':
    '`/hosting domain reset <name> [all|web|other]` — return a domain, or only its web area (`web`) or its other settings (`other`), to its initial state (asks to confirm)',
  'hosting.help.cmd.hosting.subdomains': '`/hosting subdomains` — the subdomains on the server',
  'hosting.help.cmd.hosting.subdomain_add':
    '`/hosting subdomain add <fqdn> [ssl]` — e.g. `/hosting subdomain add blog.example.jp ssl`',
  'hosting.help.cmd.hosting.wp': '`/hosting wp [domain]` — WordPress sites, e.g. `/hosting wp example.jp`',
  'hosting.help.cmd.hosting.wp_install':
    '`/hosting wp install` — install WordPress (a form asks the details)',
  'hosting.help.cmd.hosting.wp_delete':
    '`/hosting wp delete <id>` — delete a site; a form shows what goes with it',
  'hosting.help.cmd.hosting.db_create': '`/hosting db create` — a MySQL database (a form asks the name)',
  'hosting.help.cmd.hosting.db_user_create':
    '`/hosting db user create` — a MySQL user (a form asks the name and password)',
  'hosting.help.cmd.hosting.db_grant': '`/hosting db grant <db_user> <db_name>` — give a user a database',
  'hosting.help.cmd.hosting.ssh': '`/hosting ssh` — whether SSH is on, and how to connect',
  'hosting.help.cmd.hosting.ssh_on': '`/hosting ssh on` — turn SSH on',
  'hosting.help.cmd.hosting.ssh_off': '`/hosting ssh off` — turn SSH off (asks to confirm)',
  'hosting.help.cmd.hosting.ssh_keys': '`/hosting ssh keys` — the registered public keys',
  'hosting.help.cmd.hosting.ssh_key_add': '`/hosting ssh key add` — register a public key (a form asks it)',
  'hosting.help.cmd.hosting.ssh_key_generate':
    '`/hosting ssh key generate [label]` — a new key pair; the private key is shown to you alone, once',
  'hosting.help.cmd.hosting.ssh_key_delete':
    '`/hosting ssh key delete <id>` — remove a key (asks to confirm)',
  'hosting.help.cmd.hosting.errorlog':
    '`/hosting errorlog <domain> [lines] [keyword]` — the error log, or only its lines containing the keyword (quote one with spaces), e.g. `/hosting errorlog example-shop.com 200 Fatal`',
  'hosting.help.cmd.hosting.audit': '`/hosting audit` — recent /hosting changes and refusals on the server',
  'hosting.help.cmd.hosting.approve': 'Approve or reject requests with the buttons on their approval message',
  'hosting.help.cmd.hosting.watch':
    '`/hosting watch [#channel]` — tell this channel (or the one named) when SSL fails on the server’s name servers, and when domains, SSH or SSH keys change outside Slack; `/hosting unwatch [#channel]` stops it',

  'hosting.servers.title': 'Web hosting servers of this key',
  'hosting.servers.all':
    'This key covers every server of the account, and the API does not list them. Name one by its initial domain, e.g. `/hosting xs123456.xsrv.jp info`.',

  'hosting.info.title': 'Server {server}',
  'hosting.info.ip': 'IP address',
  'hosting.info.hostname': 'Hostname',
  'hosting.info.name_servers': 'Name servers',
  'hosting.info.php': 'PHP versions',
  'hosting.info.db': 'Database versions',
  'hosting.info.none': '—',
  'hosting.usage.title': 'Usage of {server}',
  'hosting.usage.empty': 'The provider reported no usage figures.',

  'hosting.domains.title': '{count, plural, one {# domain} other {# domains}} on {server}',
  'hosting.domains.empty': 'No domains on {server} yet. Add one with `/hosting domain add <name>`.',
  'hosting.subdomains.title': '{count, plural, one {# subdomain} other {# subdomains}} on {server}',
  'hosting.subdomains.empty': 'No subdomains on {server} yet. Add one with `/hosting subdomain add <fqdn>`.',
  'hosting.domain.line': '• `{domain}` — SSL: {ssl}{url}',
  'hosting.domain.title': 'Domain {domain}',
  'hosting.domain.url': 'URL',
  'hosting.domain.root': 'Document root',
  'hosting.domain.ssl': 'SSL',
  'hosting.domain.failed_nameserver':
    'Free SSL could not be set up: `{domain}` does not use this service’s name servers. Set them at the domain’s registrar ({name_servers}), or set free SSL in the control panel.',
  'hosting.ssl.failed_nameserver': 'failed (name servers)',
  'hosting.ssl.unknown': 'not reported',
  'hosting.ssl.on': 'on',
  'hosting.ssl.off': 'off',

  'hosting.wp.title': '{count, plural, one {# WordPress site} other {# WordPress sites}} on {server}',
  'hosting.wp.title_domain':
    '{count, plural, one {# WordPress site} other {# WordPress sites}} of {domain} on {server}',
  'hosting.wp.empty': 'No WordPress site here. Install one with `/hosting wp install`.',
  'hosting.wp.line': '• `{id}` {url} — {title}',

  'hosting.ssh.on': 'SSH on {server} is *on*.',
  'hosting.ssh.off': 'SSH on {server} is *off*. Turn it on with `/hosting ssh on`.',
  'hosting.ssh.unknown': 'The provider did not say whether SSH is on for {server}.',
  'hosting.ssh.connect':
    'Connect with `ssh -p {port} {user}@{host}` and a registered key (public key login only).',
  'hosting.ssh_keys.title': '{count, plural, one {# SSH key} other {# SSH keys}} on {server}',
  'hosting.ssh_keys.empty': 'No SSH key registered on {server}. Add one with `/hosting ssh key add`.',
  'hosting.ssh_keys.line': '• `{id}` “{label}” — `{key}`',

  'hosting.errorlog.title': 'Error log of {domain} on {server}',
  'hosting.errorlog.page': 'Lines {from, number}–{to, number} of {count, number}',
  'hosting.errorlog.page_keyword':
    'Lines {from, number}–{to, number} of the {count, number} containing “{keyword}”',
  'hosting.errorlog.empty': 'No errors logged for {domain}.',
  'hosting.errorlog.empty_keyword':
    'No line of the error log of {domain} contains “{keyword}”. Try another keyword, or leave it out to read every line.',
  'hosting.errorlog.prev': 'Earlier lines',
  'hosting.errorlog.next': 'Later lines',
  'hosting.errorlog.file.button': 'Send me the whole log as a file',
  'hosting.errorlog.file.button_keyword': 'Send me all these lines as a file',
  'hosting.errorlog.file.dm':
    'The error log of {domain} on {server} you asked for ({count, plural, one {# line} other {# lines}}):',
  'hosting.errorlog.file.dm_keyword':
    'The lines of the error log of {domain} on {server} containing “{keyword}” you asked for ({count, plural, one {# line} other {# lines}}):',
  'hosting.errorlog.file.sent':
    'Sent the whole error log of {domain} ({count, plural, one {# line} other {# lines}}) to you as a file in your direct messages with the bot.',
  'hosting.errorlog.file.sent_keyword':
    'Sent the lines of the error log of {domain} containing “{keyword}” ({count, plural, one {# line} other {# lines}}) to you as a file in your direct messages with the bot.',
  'hosting.errorlog.file.empty': 'The error log of {domain} is empty now: there is no file to send.',
  'hosting.errorlog.file.empty_keyword':
    'No line of the error log of {domain} contains “{keyword}” now: there is no file to send.',
  'hosting.errorlog.file.failed':
    'Could not send you the error log as a file (Slack said `{error}`). The log is still readable here; if this keeps happening, ask an admin to check the app’s `files:write` scope.',

  'hosting.audit.title': 'Recent /hosting changes on {server}',
  'hosting.audit.empty': 'No /hosting change or refusal recorded on {server} yet.',
  'hosting.audit.line': '{at} · <@{actor}> · {action} {subject} · {outcome}',
  'hosting.audit.outside_line': '{at} · {what} {subject} · seen by the watcher',
  'hosting.audit.ok': 'done',
  'hosting.audit.refused': 'refused: {reason}',
  'hosting.audit.failed': 'failed: {reason}',

  'hosting.done.hosting.domain_add': '<@{user}> added the domain `{subject}` to {server}.',
  'hosting.done.hosting.subdomain_add': '<@{user}> added the subdomain `{subject}` to {server}.',
  'hosting.done.hosting.wp_install': '<@{user}> installed WordPress at {subject} on {server}.',
  'hosting.done.hosting.db_create': '<@{user}> created the database `{subject}` on {server}.',
  'hosting.done.hosting.db_user_create': '<@{user}> created the database user `{subject}` on {server}.',
  'hosting.done.hosting.db_grant': '<@{user}> granted `{subject}` on {server}.',
  'hosting.done.hosting.ssh_on': '<@{user}> turned SSH on for {server}.',
  'hosting.done.hosting.ssh_key_add': '<@{user}> registered the SSH key “{subject}” on {server}.',
  'hosting.done.hosting.ssh_key_generate':
    '<@{user}> generated an SSH key pair on {server}; the private key was shown to them alone.',
  'hosting.done.hosting.domain_reset': '<@{user}> reset the domain `{subject}` on {server}.',
  'hosting.done.hosting.wp_delete': '<@{user}> deleted WordPress site `{subject}` on {server}.',
  'hosting.done.hosting.ssh_key_delete': '<@{user}> deleted SSH key `{subject}` from {server}.',
  'hosting.done.hosting.ssh_off': '<@{user}> turned SSH off for {server}.',
  'hosting.done.approved_by': 'Approved by <@{approver}>.',

  'hosting.key.generated':
    'Your new private key for {server}. It is shown this once and kept nowhere: save it now (e.g. `~/.ssh/{file}`, then `chmod 600`). Connect with `ssh -p 10022 -i ~/.ssh/{file} {user}@{server}`.',
  'hosting.key.missing':
    'The provider made the key pair but returned no private key. Delete it with `/hosting ssh key delete {id}` and generate a new one.',
  'hosting.key.channel.waiting':
    '<@{user}> generated an SSH key pair on {server} (key {id}). Its private key could not be shown to them here: it waits for them alone, in a private window they open from their direct messages with the bot.',
  'hosting.key.channel.lost':
    ':warning: <@{user}> generated an SSH key pair on {server}: key {id} is registered, but its private key could not be shown to them (Slack refused every way of reaching them), and the provider gives it only once. Delete the key with `/hosting {server} ssh key delete {id}` and generate another.',
  'hosting.key.dm_hidden':
    ':key: Your new SSH key {id} on {server} is registered, but its private key could not be shown to you in your answer or in the channel, and the bot never leaves a private key in a direct message. Press the button to see it once, in a private window, before {expires}. After that, delete the key with `/hosting {server} ssh key delete {id}` and generate another.',
  'hosting.key.show': 'Show the private key',
  'hosting.key.modal_title': 'Private key',
  'hosting.key.shown_once':
    ':key: The private key of SSH key {id} on {server} was shown to you once, in a private window. The bot no longer holds it.',
  'hosting.key.gone':
    'This private key is no longer held: it was shown once already, its time ran out, or it is someone else’s. If you did not save it, delete its key (`/hosting <server> ssh keys` lists them) and generate another.',
  'hosting.key.window_failed': 'The window could not be opened. Press the button again.',

  'hosting.confirm.title.hosting.domain_reset': 'Reset domain {domain}?',
  'hosting.confirm.title.hosting.wp_delete': 'Delete WordPress site {id}?',
  'hosting.confirm.title.hosting.ssh_key_delete': 'Delete SSH key {id}?',
  'hosting.confirm.title.hosting.ssh_off': 'Turn SSH off on {server}?',
  'hosting.loss.hosting.domain_reset':
    'Resetting `{domain}` on {server} returns it to its initial state: its files{root} and its settings are lost. WordPress sites on it now: {sites}.',
  'hosting.loss.hosting.wp_delete':
    'Deleting WordPress site `{id}` ({url}) on {server}: its files are lost. Database: {db}. Database user: {db_user}. Cron jobs: {cron}.',
  'hosting.loss.hosting.ssh_key_delete':
    'Deleting SSH key `{id}` “{label}” (`{key}`) from {server}: nobody can log in with it any more.',
  'hosting.loss.hosting.ssh_off':
    'Turning SSH off on {server}: nobody can connect over SSH until it is turned on again. {keys, plural, =0 {No key is registered.} one {The # registered key is kept.} other {The # registered keys are kept.}}',
  'hosting.loss.deleted': '*deleted*',
  'hosting.loss.kept': 'kept',
  'hosting.loss.no_sites': 'none',
  'hosting.loss.root': ' under `{root}`',
  'hosting.loss.no_label': 'no label',
  'hosting.confirm.nothing_sent': 'Nothing has been sent yet. This request expires {expires}.',
  'hosting.confirm.button': 'Confirm',
  'hosting.confirm.cancel': 'Cancel',
  'hosting.confirm.dialog_title': 'Are you sure?',
  'hosting.confirm.dialog_text': 'This cannot be undone.',
  'hosting.confirm.dialog_yes': 'Yes, do it',
  'hosting.confirm.dialog_no': 'No',
  'hosting.approval.request':
    '<@{user}> asks for this on {server}. An approver other than them must approve it.',
  'hosting.approval.approve': 'Approve',
  'hosting.approval.reject': 'Reject',
  'hosting.approval.sent':
    'Your request is waiting for an approver in <#{channel}>; nothing has been sent yet.',
  'hosting.approval.not_posted':
    'The approval request could not be posted in this channel (is the bot a member? `/invite @vps-bot`). Nothing was sent.',

  'hosting.op.done': ':white_check_mark: Done: {what}',
  'hosting.op.failed': ':x: Not done: {reason}',
  'hosting.op.unknown':
    ':warning: The connection failed after the request may have reached the provider, so it may or may not have happened. Check with `{check}` before asking again; it is never repeated by itself.',
  'hosting.op.rejected': ':no_entry: Rejected by <@{user}>; nothing was sent.',
  'hosting.op.cancelled': 'Cancelled by <@{user}>; nothing was sent.',
  'hosting.op.expired':
    ':hourglass: This request expired; nothing was sent. Ask again if it is still wanted.',
  'hosting.op.executing': ':hourglass_flowing_sand: Confirmed by <@{user}>; sending to the provider…',
  'hosting.refused.not_found': 'This request no longer exists.',
  'hosting.refused.not_requester': 'Only <@{user}>, who asked for this, can confirm or cancel it.',
  'hosting.refused.needs_approval': 'This needs an approver’s approval; it cannot be confirmed alone.',
  'hosting.refused.self_approval': 'You asked for this, so someone else must approve it.',
  'hosting.refused.already': 'Already decided: this request is {state}.',
  'hosting.state.pending': 'waiting',
  'hosting.state.approved': 'approved',
  'hosting.state.executing': 'being sent',
  'hosting.state.done': 'done',
  'hosting.state.failed': 'failed',
  'hosting.state.unknown': 'of unknown outcome',
  'hosting.state.rejected': 'rejected',
  'hosting.state.cancelled': 'cancelled',
  'hosting.state.expired': 'expired',

  'hosting.modal.wp_install.title': 'Install WordPress',
  'hosting.modal.wp_delete.title': 'Delete WordPress site',
  'hosting.modal.db_create.title': 'Create a database',
  'hosting.modal.db_user_create.title': 'Create a database user',
  'hosting.modal.ssh_key_add.title': 'Register an SSH key',
  'hosting.modal.submit': 'Submit',
  'hosting.modal.next': 'Next',
  'hosting.modal.cancel': 'Cancel',
  'hosting.modal.close': 'Close',
  'hosting.modal.server': 'Server: `{server}`',
  'hosting.modal.provider_decides':
    'The provider decides what each field accepts; if it refuses something, this form shows its own words.',
  'hosting.modal.working': 'Sending to the provider… this form updates when it answers.',
  'hosting.modal.done': 'Done. {what}',
  'hosting.modal.wp_delete.intro':
    'Site `{id}`: {url}. Choose what goes with it; the next step shows exactly what will be lost and asks you to confirm.',
  'hosting.wp.unlisted':
    'the site list does not show this id (the provider does not publish the field its ids are under), so the provider will say whether it exists when the delete is sent',
  'hosting.modal.delete_db': 'Also delete its database',
  'hosting.modal.delete_db_user': 'Also delete its database user',
  'hosting.modal.delete_cron': 'Also delete its cron jobs',
  'hosting.modal.options': 'What goes with the site',
  'hosting.label.url': 'Site URL',
  'hosting.hint.url': 'Where WordPress goes, e.g. https://example.jp/blog.',
  'hosting.label.title': 'Site title',
  'hosting.label.admin_username': 'Admin user name',
  'hosting.label.admin_password': 'Admin password',
  'hosting.hint.admin_password': 'It goes to the provider only; the bot never shows or keeps it.',
  'hosting.label.admin_email': 'Admin e-mail',
  'hosting.label.name_suffix': 'Name suffix',
  'hosting.hint.name_suffix':
    'The end of the name; once it is made, the bot shows the name the provider reports.',
  'hosting.label.character_set': 'Character set',
  'hosting.hint.character_set': 'Leave empty to let the provider choose.',
  'hosting.label.password': 'Password',
  'hosting.hint.password': 'It goes to the provider only; the bot never shows or keeps it.',
  'hosting.label.public_key': 'Public key',
  'hosting.hint.public_key': 'OpenSSH format, e.g. ssh-ed25519 AAAA… you@host.',
  'hosting.label.label': 'Label',
  'hosting.hint.label': 'A name to recognise the key by.',

  'field.domain.required': 'Enter a domain name.',
  'field.domain.too_long':
    'A domain name can be at most {limit, plural, one {# character} other {# characters}}.',
  'field.domain.charset': 'That is not a domain name such as example.jp (Japanese domain names are fine).',
  'field.subdomain.required': 'Enter the subdomain’s full name, e.g. blog.example.jp.',
  'field.subdomain.too_long':
    'A subdomain can be at most {limit, plural, one {# character} other {# characters}}.',
  'field.subdomain.charset': 'That is not a full name such as blog.example.jp.',
  'field.lines.range':
    'Lines must be a whole number from 1 to {limit, number}: the bot reads at most {limit, plural, one {# line} other {# lines}} at once, one answer’s worth.',
  'field.keyword.required': 'Give some text to look for after `keyword=`, or leave the keyword out.',
  'field.keyword.too_long':
    'The bot looks for a keyword of at most {limit, plural, one {# character} other {# characters}}.',
  'field.server.too_long':
    'A server name can be at most {limit, plural, one {# character} other {# characters}}.',
  'field.server.charset':
    'That is not a server name. Put the server’s initial domain first, such as xs123456.xsrv.jp.',
  'field.url.required': 'Enter the site URL.',
  'field.url.too_long':
    'The URL is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.url.charset': 'Enter an http:// or https:// URL on a domain name, such as https://example.jp/blog.',
  'field.title.required': 'Enter a site title.',
  'field.title.too_long':
    'The title is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.admin_username.required': 'Enter an admin user name.',
  'field.admin_username.too_long':
    'The user name is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.admin_password.required': 'Enter an admin password.',
  'field.admin_password.too_long':
    'The password is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.admin_email.required': 'Enter the admin’s e-mail address.',
  'field.admin_email.too_long':
    'The address is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.admin_email.charset': 'That is not an e-mail address such as info@example.jp.',
  'field.name_suffix.required': 'Enter a name suffix.',
  'field.name_suffix.too_long':
    'The suffix is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.character_set.too_long':
    'The character set is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.password.required': 'Enter a password.',
  'field.password.too_long':
    'The password is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.db_user.required': 'Name the database user.',
  'field.db_user.charset':
    'That cannot be a database user’s name (it has a space, /, ?, #, % or \\, or is too long). Use the full name `/hosting db user create` gave it.',
  'field.db_name.required': 'Name the database.',
  'field.db_name.too_long':
    'The database name is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.public_key.required': 'Paste the public key.',
  'field.public_key.too_long':
    'The key is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.public_key.charset': 'That is not an OpenSSH public key such as ssh-ed25519 AAAA… you@host.',
  'field.label.required': 'Enter a label.',
  'field.label.too_long':
    'The label is longer than the bot takes in one field ({limit, plural, one {# character} other {# characters}}).',
  'field.wp_id.required': 'Give the site’s id (see `/hosting wp`).',
  'field.wp_id.charset': 'That is not a site id; see `/hosting wp` for the ids.',
  'field.key_id.required': 'Give the key’s id (see `/hosting ssh keys`).',
  'field.key_id.charset': 'That is not a key id; see `/hosting ssh keys` for the ids.',

  'error.key_no_server':
    'The provider key has no web hosting (server) permission. Ask the account owner for a key that includes the server service.',
  'error.hosting_server_needed':
    'Name the server first, e.g. `/hosting xs123456.xsrv.jp info`. This key covers: {servers}.',
  'error.hosting_server_needed_all':
    'Name the server first by its initial domain, e.g. `/hosting xs123456.xsrv.jp info`: this key covers every server of the account.',
  'error.hosting_server_not_in_scope': 'The key does not cover `{server}`. It covers: {servers}.',
  'error.hosting_outcome_unknown':
    'The connection failed after the request may have reached the provider, so it may or may not have happened. Check with `{check}` before trying again; the bot never repeats it by itself.',
  'error.hosting_domain_refused':
    'The provider would not add `{domain}` ({code}). If its ownership is not proven yet, set a DNS TXT record named `{record}` with the value `{token}`, wait for DNS to propagate, then run the command again. The provider said: {message}',
  'error.hosting_not_found': 'There is no {what} `{id}` on this server. {hint}',
  'error.hosting_unreachable':
    'The provider could not be reached (timeout or network), so nothing was changed. Try again in a moment.',
  'error.hosting_rejected':
    'The provider refused it ({code}). It said: {message}. Correct that and run the command again; `/hosting help` shows each command’s form.',
  'error.hosting_not_found.wp': 'See `/hosting wp` for the sites and their ids.',
  'error.hosting_not_found.ssh_key': 'See `/hosting ssh keys` for the keys and their ids.',
  'error.hosting_not_found.what.wp': 'WordPress site',
  'error.hosting_not_found.what.ssh_key': 'SSH key',

  'usage.hosting.help': 'Usage: `/hosting help`.',
  'usage.hosting.servers': 'Usage: `/hosting servers`.',
  'usage.hosting.info': 'Usage: `/hosting [server] info`.',
  'usage.hosting.usage': 'Usage: `/hosting [server] usage`.',
  'usage.hosting.domains': 'Usage: `/hosting [server] domains`.',
  'usage.hosting.domain': 'Usage: `/hosting [server] domain <name>`, e.g. `/hosting domain example.jp`.',
  'usage.hosting.domain_add':
    'Usage: `/hosting [server] domain add <name> [ssl] [redirect-https]`, e.g. `/hosting domain add shop.example.jp ssl`.',
  'usage.hosting.domain_reset':
    'Usage: `/hosting [server] domain reset <name> [all|web|other]`: `all` (the default) resets everything, `web` the web area only, `other` the other settings.',
  'usage.hosting.subdomains': 'Usage: `/hosting [server] subdomains`.',
  'usage.hosting.subdomain_add':
    'Usage: `/hosting [server] subdomain add <fqdn> [ssl]`, e.g. `/hosting subdomain add blog.example.jp ssl`.',
  'usage.hosting.wp': 'Usage: `/hosting [server] wp [domain]`, `wp install`, `wp delete <id>`.',
  'usage.hosting.wp_install': 'Usage: `/hosting [server] wp install` (a form asks the details).',
  'usage.hosting.wp_delete': 'Usage: `/hosting [server] wp delete <id>` (ids: `/hosting wp`).',
  'usage.hosting.db':
    'Usage: `/hosting [server] db` (the databases), `db create`, `db change|delete <db_name>`, `db users`, `db user create|change|delete`, `db grants <db_user>`, `db grant|revoke <db_user> <db_name>`.',
  'usage.hosting.db_create': 'Usage: `/hosting [server] db create` (a form asks the name).',
  'usage.hosting.db_grant': 'Usage: `/hosting [server] db grant <db_user> <db_name>`.',
  'usage.hosting.ssh':
    'Usage: `/hosting [server] ssh`, `ssh on`, `ssh off`, `ssh keys`, `ssh key add`, `ssh key generate [label]`, `ssh key delete <id>`.',
  'usage.hosting.ssh_key_add': 'Usage: `/hosting [server] ssh key add` (a form asks the key).',
  'usage.hosting.ssh_key_delete':
    'Usage: `/hosting [server] ssh key delete <id>` (ids: `/hosting ssh keys`).',
  'usage.hosting.errorlog':
    'Usage: `/hosting [server] errorlog <domain> [lines] [keyword]`, e.g. `/hosting errorlog example-shop.com 200 Fatal`; a number is the lines, a word the keyword (`keyword="PHP Fatal"` for one with spaces, `keyword=404` for a number).',
  'usage.hosting.audit': 'Usage: `/hosting [server] audit`.',
  'usage.hosting.watch':
    'Usage: `/hosting [server] watch [#channel]`, e.g. `/hosting xs123456.xsrv.jp watch #ops`.',
  'usage.hosting.unwatch': 'Usage: `/hosting [server] unwatch [#channel]`.',
} as const;

const ja = {
  'hosting.help.title': '/hosting でできること',
  'hosting.help.role': 'ここでのあなたのロール: *{role}*',
  'hosting.help.server': '対象サーバー: `{server}`（このキーで使える唯一のサーバーなので省略できます）',
  'hosting.help.servers':
    'このキーは複数のサーバーを対象にしています。先頭にサーバー名を付けてください（例: `/hosting {example} info`）。一覧は `/hosting servers` で確認できます。',
  'hosting.help.all':
    'このキーはアカウントの全サーバーを対象にしています。先頭にサーバーの初期ドメインを付けてください（例: `/hosting xs123456.xsrv.jp info`）。',
  'hosting.help.no_key':
    'プロバイダーのAPIキーにレンタルサーバー（server）の権限がないため、ここでは /hosting を使えません。アカウントの管理者に server サービスを含むキーを発行してもらってください。',
  'hosting.help.key_read_only': 'APIキーが参照のみの権限のため、変更操作は誰も実行できません。',
  'hosting.help.key_custom':
    'APIキーはカスタム権限です。どのカテゴリがどのコマンドに当たるかは公開されていないため、すべてのコマンドを表示し、可否はプロバイダーが判断します。拒否された場合はキーのカテゴリを示します。',
  'hosting.help.channel_not_allowed':
    'このチャンネルでは /hosting を使えません。使えるチャンネルは管理者に確認してください。',
  'hosting.help.you_can': '実行できるコマンド',
  'hosting.help.not_yours': '上位のロールが必要: {commands}',
  'hosting.help.name.approve': '依頼の承認',
  'hosting.help.confirm_note':
    'ドメインの初期化、WordPress・SSHキーの削除、SSHの無効化は、実行前に確認を求めます。確認するまで何も送信しません。',
  'hosting.help.approval_note': '次の操作には、ここでは承認者の承認も必要です: {actions}',
  'hosting.help.cmd.hosting.servers': '`/hosting servers` — このキーで操作できるサーバー',
  'hosting.help.cmd.hosting.info':
    '`/hosting info` — IPアドレス、ネームサーバー、PHP・DBのバージョン、ホスト名',
  'hosting.help.cmd.hosting.usage': '`/hosting usage` — ディスク使用量、ファイル数、各種設定数',
  'hosting.help.cmd.hosting.domains': '`/hosting domains` — サーバーのドメイン一覧',
  'hosting.help.cmd.hosting.domain':
    '`/hosting domain <ドメイン>` — ドキュメントルート、URL、SSL（例: `/hosting domain example.jp`）',
  'hosting.help.cmd.hosting.domain_add':
    '`/hosting domain add <ドメイン> [ssl] [redirect-https]` — 例: `/hosting domain add shop.example.jp ssl redirect-https`',
  'hosting.help.cmd.hosting.domain_reset':
    '`/hosting domain reset <ドメイン> [all|web|other]` — ドメインを初期状態に戻す。`web` はWeb領域だけ、`other` はそれ以外の設定だけ（確認あり）',
  'hosting.help.cmd.hosting.subdomains': '`/hosting subdomains` — サブドメイン一覧',
  'hosting.help.cmd.hosting.subdomain_add':
    '`/hosting subdomain add <FQDN> [ssl]` — 例: `/hosting subdomain add blog.example.jp ssl`',
  'hosting.help.cmd.hosting.wp': '`/hosting wp [ドメイン]` — WordPress一覧（例: `/hosting wp example.jp`）',
  'hosting.help.cmd.hosting.wp_install': '`/hosting wp install` — WordPressをインストール（フォームで入力）',
  'hosting.help.cmd.hosting.wp_delete':
    '`/hosting wp delete <ID>` — サイトを削除（一緒に消すものをフォームで確認）',
  'hosting.help.cmd.hosting.db_create': '`/hosting db create` — MySQLデータベースを作成（フォームで入力）',
  'hosting.help.cmd.hosting.db_user_create':
    '`/hosting db user create` — MySQLユーザーを作成（フォームで入力）',
  'hosting.help.cmd.hosting.db_grant':
    '`/hosting db grant <DBユーザー> <DB名>` — ユーザーにデータベースの権限を付与',
  'hosting.help.cmd.hosting.ssh': '`/hosting ssh` — SSHの状態と接続方法',
  'hosting.help.cmd.hosting.ssh_on': '`/hosting ssh on` — SSHを有効にする',
  'hosting.help.cmd.hosting.ssh_off': '`/hosting ssh off` — SSHを無効にする（確認あり）',
  'hosting.help.cmd.hosting.ssh_keys': '`/hosting ssh keys` — 登録済みの公開鍵',
  'hosting.help.cmd.hosting.ssh_key_add': '`/hosting ssh key add` — 公開鍵を登録（フォームで入力）',
  'hosting.help.cmd.hosting.ssh_key_generate':
    '`/hosting ssh key generate [ラベル]` — 鍵ペアを生成。秘密鍵はあなたにだけ一度だけ表示',
  'hosting.help.cmd.hosting.ssh_key_delete': '`/hosting ssh key delete <ID>` — 鍵を削除（確認あり）',
  'hosting.help.cmd.hosting.errorlog':
    '`/hosting errorlog <ドメイン> [行数] [キーワード]` — エラーログ。キーワードを付けるとそれを含む行だけを表示（空白を含むなら引用符で囲む）。例: `/hosting errorlog example-shop.com 200 Fatal`',
  'hosting.help.cmd.hosting.audit': '`/hosting audit` — このサーバーでの最近の変更と拒否',
  'hosting.help.cmd.hosting.approve': '承認依頼メッセージのボタンで承認・却下できます',
  'hosting.help.cmd.hosting.watch':
    '`/hosting watch [#チャンネル]` — ネームサーバーの問題でSSLが失敗したときや、Slack 以外でドメイン・SSH・SSHキーが変更されたときに、このチャンネル（または指定したチャンネル）へ通知。`/hosting unwatch [#チャンネル]` で停止',

  'hosting.servers.title': 'このキーで操作できるレンタルサーバー',
  'hosting.servers.all':
    'このキーはアカウントの全サーバーを対象にしていますが、APIではサーバー一覧を取得できません。初期ドメインで指定してください（例: `/hosting xs123456.xsrv.jp info`）。',

  'hosting.info.title': 'サーバー {server}',
  'hosting.info.ip': 'IPアドレス',
  'hosting.info.hostname': 'ホスト名',
  'hosting.info.name_servers': 'ネームサーバー',
  'hosting.info.php': 'PHPバージョン',
  'hosting.info.db': 'データベースのバージョン',
  'hosting.info.none': '—',
  'hosting.usage.title': '{server} の利用状況',
  'hosting.usage.empty': 'プロバイダーから利用状況の数値が返されませんでした。',

  'hosting.domains.title': '{server} のドメイン（{count, number}件）',
  'hosting.domains.empty':
    '{server} にはまだドメインがありません。`/hosting domain add <ドメイン>` で追加できます。',
  'hosting.subdomains.title': '{server} のサブドメイン（{count, number}件）',
  'hosting.subdomains.empty':
    '{server} にはまだサブドメインがありません。`/hosting subdomain add <FQDN>` で追加できます。',
  'hosting.domain.line': '• `{domain}` — SSL: {ssl}{url}',
  'hosting.domain.title': 'ドメイン {domain}',
  'hosting.domain.url': 'URL',
  'hosting.domain.root': 'ドキュメントルート',
  'hosting.domain.ssl': 'SSL',
  'hosting.domain.failed_nameserver':
    '無料SSLを設定できませんでした。`{domain}` がこのサービスのネームサーバーを使っていません。ドメインの登録事業者でネームサーバーを設定するか（{name_servers}）、コントロールパネルで無料SSLを設定してください。',
  'hosting.ssl.failed_nameserver': '失敗（ネームサーバー）',
  'hosting.ssl.unknown': '不明',
  'hosting.ssl.on': '設定済み',
  'hosting.ssl.off': '未設定',

  'hosting.wp.title': '{server} のWordPress（{count, number}件）',
  'hosting.wp.title_domain': '{server} の {domain} のWordPress（{count, number}件）',
  'hosting.wp.empty': 'WordPressはありません。`/hosting wp install` でインストールできます。',
  'hosting.wp.line': '• `{id}` {url} — {title}',

  'hosting.ssh.on': '{server} のSSHは*有効*です。',
  'hosting.ssh.off': '{server} のSSHは*無効*です。`/hosting ssh on` で有効にできます。',
  'hosting.ssh.unknown': '{server} のSSHが有効かどうか、プロバイダーから返されませんでした。',
  'hosting.ssh.connect': '登録済みの鍵で `ssh -p {port} {user}@{host}` と接続します（公開鍵認証のみ）。',
  'hosting.ssh_keys.title': '{server} のSSHキー（{count, number}件）',
  'hosting.ssh_keys.empty': '{server} にSSHキーは登録されていません。`/hosting ssh key add` で登録できます。',
  'hosting.ssh_keys.line': '• `{id}` 「{label}」 — `{key}`',

  'hosting.errorlog.title': '{server} の {domain} のエラーログ',
  'hosting.errorlog.page': '{count, number}行中 {from, number}〜{to, number}行目',
  'hosting.errorlog.page_keyword': '「{keyword}」を含む {count, number}行中 {from, number}〜{to, number}行目',
  'hosting.errorlog.empty': '{domain} のエラーは記録されていません。',
  'hosting.errorlog.empty_keyword':
    '{domain} のエラーログに「{keyword}」を含む行はありません。別のキーワードを試すか、キーワードを省いてすべての行を表示してください。',
  'hosting.errorlog.prev': '前の行',
  'hosting.errorlog.next': '次の行',
  'hosting.errorlog.file.button': 'ログ全体をファイルで受け取る',
  'hosting.errorlog.file.button_keyword': '該当する行をすべてファイルで受け取る',
  'hosting.errorlog.file.dm': 'ご依頼の {server} の {domain} のエラーログです（{count, number}行）:',
  'hosting.errorlog.file.dm_keyword':
    'ご依頼の {server} の {domain} のエラーログのうち「{keyword}」を含む行です（{count, number}行）:',
  'hosting.errorlog.file.sent':
    '{domain} のエラーログ全体（{count, number}行）を、ボットとのダイレクトメッセージにファイルで送りました。',
  'hosting.errorlog.file.sent_keyword':
    '{domain} のエラーログのうち「{keyword}」を含む行（{count, number}行）を、ボットとのダイレクトメッセージにファイルで送りました。',
  'hosting.errorlog.file.empty': '{domain} のエラーログは現在空のため、送るファイルはありません。',
  'hosting.errorlog.file.empty_keyword':
    '{domain} のエラーログに「{keyword}」を含む行は現在ないため、送るファイルはありません。',
  'hosting.errorlog.file.failed':
    'エラーログをファイルで送れませんでした（Slackのエラー: `{error}`）。ログはここで引き続き読めます。繰り返す場合は、アプリの `files:write` スコープを管理者に確認してもらってください。',

  'hosting.audit.title': '{server} での最近の /hosting 操作',
  'hosting.audit.empty': '{server} での /hosting の変更や拒否はまだ記録されていません。',
  'hosting.audit.line': '{at} · <@{actor}> · {action} {subject} · {outcome}',
  'hosting.audit.outside_line': '{at} · {what} {subject} · 監視で検知',
  'hosting.audit.ok': '完了',
  'hosting.audit.refused': '拒否（{reason}）',
  'hosting.audit.failed': '失敗（{reason}）',

  'hosting.done.hosting.domain_add': '<@{user}> さんが {server} にドメイン `{subject}` を追加しました。',
  'hosting.done.hosting.subdomain_add':
    '<@{user}> さんが {server} にサブドメイン `{subject}` を追加しました。',
  'hosting.done.hosting.wp_install':
    '<@{user}> さんが {server} の {subject} にWordPressをインストールしました。',
  'hosting.done.hosting.db_create': '<@{user}> さんが {server} にデータベース `{subject}` を作成しました。',
  'hosting.done.hosting.db_user_create':
    '<@{user}> さんが {server} にデータベースユーザー `{subject}` を作成しました。',
  'hosting.done.hosting.db_grant': '<@{user}> さんが {server} で `{subject}` の権限を付与しました。',
  'hosting.done.hosting.ssh_on': '<@{user}> さんが {server} のSSHを有効にしました。',
  'hosting.done.hosting.ssh_key_add': '<@{user}> さんが {server} にSSHキー「{subject}」を登録しました。',
  'hosting.done.hosting.ssh_key_generate':
    '<@{user}> さんが {server} でSSHの鍵ペアを生成しました。秘密鍵は本人にだけ表示しました。',
  'hosting.done.hosting.domain_reset': '<@{user}> さんが {server} のドメイン `{subject}` を初期化しました。',
  'hosting.done.hosting.wp_delete': '<@{user}> さんが {server} のWordPress `{subject}` を削除しました。',
  'hosting.done.hosting.ssh_key_delete': '<@{user}> さんが {server} からSSHキー `{subject}` を削除しました。',
  'hosting.done.hosting.ssh_off': '<@{user}> さんが {server} のSSHを無効にしました。',
  'hosting.done.approved_by': '承認: <@{approver}> さん',

  'hosting.key.generated':
    '{server} 用の新しい秘密鍵です。表示はこの一度きりで、どこにも保存していません。今すぐ保存してください（例: `~/.ssh/{file}` に保存して `chmod 600`）。接続: `ssh -p 10022 -i ~/.ssh/{file} {user}@{server}`',
  'hosting.key.missing':
    '鍵ペアは作成されましたが、秘密鍵が返されませんでした。`/hosting ssh key delete {id}` で削除してから、もう一度生成してください。',
  'hosting.key.channel.waiting':
    '<@{user}> さんが {server} でSSHの鍵ペアを生成しました（キー {id}）。ここでは秘密鍵を表示できなかったため、本人がボットとのDMから開く専用の画面でだけ確認できるようにしています。',
  'hosting.key.channel.lost':
    ':warning: <@{user}> さんが {server} でSSHの鍵ペアを生成し、キー {id} が登録されましたが、秘密鍵を本人に表示できませんでした（Slackがどの方法でも届けられませんでした）。秘密鍵はプロバイダーから一度しか受け取れません。`/hosting {server} ssh key delete {id}` でキーを削除し、もう一度生成してください。',
  'hosting.key.dm_hidden':
    ':key: {server} の新しいSSHキー {id} は登録されましたが、秘密鍵をコマンドの返信にもチャンネルにも表示できませんでした。ボットは秘密鍵をDMに残しません。ボタンを押すと、{expires} まで一度だけ専用の画面に表示します。それを過ぎたら `/hosting {server} ssh key delete {id}` でキーを削除し、もう一度生成してください。',
  'hosting.key.show': '秘密鍵を表示',
  'hosting.key.modal_title': '秘密鍵',
  'hosting.key.shown_once':
    ':key: {server} のSSHキー {id} の秘密鍵を、専用の画面で一度だけ表示しました。ボットはもう保持していません。',
  'hosting.key.gone':
    'この秘密鍵はもう保持していません。すでに一度表示したか、期限が過ぎたか、ほかの人の鍵です。保存していない場合は、キーを削除して（`/hosting <server> ssh keys` で一覧できます）もう一度生成してください。',
  'hosting.key.window_failed': '画面を開けませんでした。もう一度ボタンを押してください。',

  'hosting.confirm.title.hosting.domain_reset': 'ドメイン {domain} を初期化しますか？',
  'hosting.confirm.title.hosting.wp_delete': 'WordPress {id} を削除しますか？',
  'hosting.confirm.title.hosting.ssh_key_delete': 'SSHキー {id} を削除しますか？',
  'hosting.confirm.title.hosting.ssh_off': '{server} のSSHを無効にしますか？',
  'hosting.loss.hosting.domain_reset':
    '{server} の `{domain}` を初期状態に戻します。ファイル{root}と設定は失われます。現在このドメインにあるWordPress: {sites}',
  'hosting.loss.hosting.wp_delete':
    '{server} のWordPress `{id}`（{url}）を削除します。サイトのファイルは失われます。データベース: {db}、データベースユーザー: {db_user}、cron: {cron}',
  'hosting.loss.hosting.ssh_key_delete':
    '{server} からSSHキー `{id}`「{label}」（`{key}`）を削除します。この鍵ではログインできなくなります。',
  'hosting.loss.hosting.ssh_off':
    '{server} のSSHを無効にします。再び有効にするまで、誰もSSHで接続できません。{keys, plural, =0 {登録済みの鍵はありません。} other {登録済みの鍵（#件）は残ります。}}',
  'hosting.loss.deleted': '*削除*',
  'hosting.loss.kept': '残す',
  'hosting.loss.no_sites': 'なし',
  'hosting.loss.root': '（`{root}` 以下）',
  'hosting.loss.no_label': 'ラベルなし',
  'hosting.confirm.nothing_sent': 'まだ何も送信していません。この依頼の有効期限は {expires} です。',
  'hosting.confirm.button': '実行する',
  'hosting.confirm.cancel': 'やめる',
  'hosting.confirm.dialog_title': '本当に実行しますか？',
  'hosting.confirm.dialog_text': 'この操作は取り消せません。',
  'hosting.confirm.dialog_yes': '実行する',
  'hosting.confirm.dialog_no': 'やめる',
  'hosting.approval.request':
    '<@{user}> さんが {server} でこの操作を依頼しています。依頼者以外の承認者の承認が必要です。',
  'hosting.approval.approve': '承認',
  'hosting.approval.reject': '却下',
  'hosting.approval.sent': '依頼は <#{channel}> で承認者を待っています。まだ何も送信していません。',
  'hosting.approval.not_posted':
    'このチャンネルに承認依頼を投稿できませんでした（ボットはメンバーですか？ `/invite @vps-bot`）。何も送信していません。',

  'hosting.op.done': ':white_check_mark: 完了: {what}',
  'hosting.op.failed': ':x: 実行できませんでした: {reason}',
  'hosting.op.unknown':
    ':warning: リクエストがプロバイダーに届いた可能性がある時点で接続が切れたため、実行されたかどうか分かりません。もう一度依頼する前に `{check}` で確認してください。ボットが自動で再送することはありません。',
  'hosting.op.rejected': ':no_entry: <@{user}> さんが却下しました。何も送信していません。',
  'hosting.op.cancelled': '<@{user}> さんが取り消しました。何も送信していません。',
  'hosting.op.expired':
    ':hourglass: この依頼は期限切れになりました。何も送信していません。必要ならもう一度依頼してください。',
  'hosting.op.executing':
    ':hourglass_flowing_sand: <@{user}> さんが確認しました。プロバイダーに送信しています…',
  'hosting.refused.not_found': 'この依頼はもうありません。',
  'hosting.refused.not_requester': '確認・取り消しができるのは、依頼した <@{user}> さんだけです。',
  'hosting.refused.needs_approval': 'この操作には承認者の承認が必要です。依頼者だけでは実行できません。',
  'hosting.refused.self_approval': 'ご自身の依頼なので、ほかの人が承認する必要があります。',
  'hosting.refused.already': 'すでに処理済みです（状態: {state}）。',
  'hosting.state.pending': '待機中',
  'hosting.state.approved': '承認済み',
  'hosting.state.executing': '送信中',
  'hosting.state.done': '完了',
  'hosting.state.failed': '失敗',
  'hosting.state.unknown': '結果不明',
  'hosting.state.rejected': '却下',
  'hosting.state.cancelled': '取り消し',
  'hosting.state.expired': '期限切れ',

  'hosting.modal.wp_install.title': 'WordPressのインストール',
  'hosting.modal.wp_delete.title': 'WordPressの削除',
  'hosting.modal.db_create.title': 'データベースの作成',
  'hosting.modal.db_user_create.title': 'データベースユーザーの作成',
  'hosting.modal.ssh_key_add.title': 'SSHキーの登録',
  'hosting.modal.submit': '送信',
  'hosting.modal.next': '次へ',
  'hosting.modal.cancel': 'キャンセル',
  'hosting.modal.close': '閉じる',
  'hosting.modal.server': 'サーバー: `{server}`',
  'hosting.modal.provider_decides':
    '各項目に何を入力できるかはプロバイダーが決めます。受け付けられなかった場合は、プロバイダーのメッセージをこのフォームに表示します。',
  'hosting.modal.working': 'プロバイダーに送信しています… 応答があるとこのフォームが更新されます。',
  'hosting.modal.done': '完了しました。{what}',
  'hosting.modal.wp_delete.intro':
    'サイト `{id}`: {url}。一緒に削除するものを選んでください。次の画面で失われる内容を示し、確認を求めます。',
  'hosting.wp.unlisted':
    'サイト一覧にはこのIDが見当たりません（IDがどの項目に入るかはプロバイダーが公開していません）。存在するかどうかは、削除を送信したときにプロバイダーが答えます',
  'hosting.modal.delete_db': 'データベースも削除する',
  'hosting.modal.delete_db_user': 'データベースユーザーも削除する',
  'hosting.modal.delete_cron': 'cronも削除する',
  'hosting.modal.options': 'サイトと一緒に削除するもの',
  'hosting.label.url': 'サイトのURL',
  'hosting.hint.url': 'WordPressを置く場所。例: https://example.jp/blog',
  'hosting.label.title': 'サイトのタイトル',
  'hosting.label.admin_username': '管理者ユーザー名',
  'hosting.label.admin_password': '管理者パスワード',
  'hosting.hint.admin_password': 'プロバイダーにだけ送られ、ボットが表示・保存することはありません。',
  'hosting.label.admin_email': '管理者のメールアドレス',
  'hosting.label.name_suffix': '名前（接尾辞）',
  'hosting.hint.name_suffix': '名前の末尾の部分です。作成後、プロバイダーが返した名前を表示します。',
  'hosting.label.character_set': '文字コード',
  'hosting.hint.character_set': '空欄にすると、プロバイダーが決めます。',
  'hosting.label.password': 'パスワード',
  'hosting.hint.password': 'プロバイダーにだけ送られ、ボットが表示・保存することはありません。',
  'hosting.label.public_key': '公開鍵',
  'hosting.hint.public_key': 'OpenSSH形式。例: ssh-ed25519 AAAA… you@host',
  'hosting.label.label': 'ラベル',
  'hosting.hint.label': '鍵を見分けるための名前',

  'field.domain.required': 'ドメイン名を入力してください。',
  'field.domain.too_long': 'ドメイン名は {limit, number} 文字以内で入力してください。',
  'field.domain.charset': 'example.jp のようなドメイン名を入力してください（日本語ドメインも使えます）。',
  'field.subdomain.required': 'サブドメインを blog.example.jp のように完全な名前で入力してください。',
  'field.subdomain.too_long': 'サブドメインは {limit, number} 文字以内で入力してください。',
  'field.subdomain.charset': 'blog.example.jp のような完全な名前を入力してください。',
  'field.lines.range':
    '行数は1〜{limit, number}の整数で指定してください（ボットが一度に読むのは、1回の回答に収まる{limit, number}行までです）。',
  'field.keyword.required': '`keyword=` の後に探す文字列を指定するか、キーワードを省いてください。',
  'field.keyword.too_long': 'ボットが検索できるキーワードは {limit, number} 文字までです。',
  'field.server.too_long': 'サーバー名は {limit, number} 文字以内で指定してください。',
  'field.server.charset':
    'サーバー名ではありません。先頭にはサーバーの初期ドメイン（例: xs123456.xsrv.jp）を指定してください。',
  'field.url.required': 'サイトのURLを入力してください。',
  'field.url.too_long': 'URLが、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.url.charset':
    'https://example.jp/blog のように、http:// か https:// で始まり、ドメイン名を含むURLを入力してください。',
  'field.title.required': 'サイトのタイトルを入力してください。',
  'field.title.too_long': 'タイトルが、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.admin_username.required': '管理者ユーザー名を入力してください。',
  'field.admin_username.too_long':
    'ユーザー名が、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.admin_password.required': '管理者パスワードを入力してください。',
  'field.admin_password.too_long':
    'パスワードが、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.admin_email.required': '管理者のメールアドレスを入力してください。',
  'field.admin_email.too_long':
    'メールアドレスが、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.admin_email.charset': 'info@example.jp のようなメールアドレスを入力してください。',
  'field.name_suffix.required': '名前（接尾辞）を入力してください。',
  'field.name_suffix.too_long':
    '名前（接尾辞）が、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.character_set.too_long':
    '文字コードが、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.password.required': 'パスワードを入力してください。',
  'field.password.too_long':
    'パスワードが、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.db_user.required': 'データベースユーザーを指定してください。',
  'field.db_user.charset':
    'データベースユーザー名として使えない値です（空白・/・?・#・%・\\ を含むか、長すぎます）。`/hosting db user create` で作成したときの完全な名前で指定してください。',
  'field.db_name.required': 'データベースを指定してください。',
  'field.db_name.too_long':
    'データベース名が、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.public_key.required': '公開鍵を貼り付けてください。',
  'field.public_key.too_long':
    '公開鍵が、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.public_key.charset': 'ssh-ed25519 AAAA… you@host のようなOpenSSH形式の公開鍵を貼り付けてください。',
  'field.label.required': 'ラベルを入力してください。',
  'field.label.too_long': 'ラベルが、ボットが1項目で受け付ける長さ（{limit, number}文字）を超えています。',
  'field.wp_id.required': 'サイトのIDを指定してください（`/hosting wp` で確認できます）。',
  'field.wp_id.charset': 'サイトのIDではありません。`/hosting wp` でIDを確認してください。',
  'field.key_id.required': '鍵のIDを指定してください（`/hosting ssh keys` で確認できます）。',
  'field.key_id.charset': '鍵のIDではありません。`/hosting ssh keys` でIDを確認してください。',

  'error.key_no_server':
    'プロバイダーのAPIキーにレンタルサーバー（server）の権限がありません。アカウントの管理者に server サービスを含むキーを発行してもらってください。',
  'error.hosting_server_needed':
    '先頭にサーバー名を付けてください（例: `/hosting xs123456.xsrv.jp info`）。このキーの対象: {servers}',
  'error.hosting_server_needed_all':
    '先頭にサーバーの初期ドメインを付けてください（例: `/hosting xs123456.xsrv.jp info`）。このキーはアカウントの全サーバーが対象です。',
  'error.hosting_server_not_in_scope': 'このキーは `{server}` を対象にしていません。対象: {servers}',
  'error.hosting_outcome_unknown':
    'リクエストがプロバイダーに届いた可能性がある時点で接続が切れたため、実行されたかどうか分かりません。もう一度実行する前に `{check}` で確認してください。ボットが自動で再送することはありません。',
  'error.hosting_domain_refused':
    'プロバイダーが `{domain}` の追加を受け付けませんでした（{code}）。ドメインの所有権をまだ確認していない場合は、DNSに名前 `{record}`、値 `{token}` のTXTレコードを設定し、反映を待ってからもう一度実行してください。プロバイダーのメッセージ: {message}',
  'error.hosting_not_found': 'このサーバーに{what} `{id}` はありません。{hint}',
  'error.hosting_unreachable':
    'プロバイダーに接続できなかったため（タイムアウトまたはネットワーク）、何も変更していません。少し待ってからもう一度実行してください。',
  'error.hosting_rejected':
    'プロバイダーに受け付けられませんでした（{code}）。プロバイダーのメッセージ: {message}。内容を直してもう一度実行してください。各コマンドの書き方は `/hosting help` で確認できます。',
  'error.hosting_not_found.wp': '`/hosting wp` でサイトとIDを確認してください。',
  'error.hosting_not_found.ssh_key': '`/hosting ssh keys` で鍵とIDを確認してください。',
  'error.hosting_not_found.what.wp': 'WordPressサイト',
  'error.hosting_not_found.what.ssh_key': 'SSHキー',

  'usage.hosting.help': '使い方: `/hosting help`',
  'usage.hosting.servers': '使い方: `/hosting servers`',
  'usage.hosting.info': '使い方: `/hosting [サーバー] info`',
  'usage.hosting.usage': '使い方: `/hosting [サーバー] usage`',
  'usage.hosting.domains': '使い方: `/hosting [サーバー] domains`',
  'usage.hosting.domain':
    '使い方: `/hosting [サーバー] domain <ドメイン>`（例: `/hosting domain example.jp`）',
  'usage.hosting.domain_add':
    '使い方: `/hosting [サーバー] domain add <ドメイン> [ssl] [redirect-https]`（例: `/hosting domain add shop.example.jp ssl`）',
  'usage.hosting.domain_reset':
    '使い方: `/hosting [サーバー] domain reset <ドメイン> [all|web|other]`。`all`（省略時）はすべて、`web` はWeb領域だけ、`other` はそれ以外の設定を初期化します。',
  'usage.hosting.subdomains': '使い方: `/hosting [サーバー] subdomains`',
  'usage.hosting.subdomain_add':
    '使い方: `/hosting [サーバー] subdomain add <FQDN> [ssl]`（例: `/hosting subdomain add blog.example.jp ssl`）',
  'usage.hosting.wp': '使い方: `/hosting [サーバー] wp [ドメイン]`、`wp install`、`wp delete <ID>`',
  'usage.hosting.wp_install': '使い方: `/hosting [サーバー] wp install`（フォームで入力）',
  'usage.hosting.wp_delete': '使い方: `/hosting [サーバー] wp delete <ID>`（IDは `/hosting wp` で確認）',
  'usage.hosting.db':
    '使い方: `/hosting [サーバー] db`（データベース一覧）、`db create`、`db change|delete <DB名>`、`db users`、`db user create|change|delete`、`db grants <DBユーザー>`、`db grant|revoke <DBユーザー> <DB名>`',
  'usage.hosting.db_create': '使い方: `/hosting [サーバー] db create`（フォームで入力）',
  'usage.hosting.db_grant': '使い方: `/hosting [サーバー] db grant <DBユーザー> <DB名>`',
  'usage.hosting.ssh':
    '使い方: `/hosting [サーバー] ssh`、`ssh on`、`ssh off`、`ssh keys`、`ssh key add`、`ssh key generate [ラベル]`、`ssh key delete <ID>`',
  'usage.hosting.ssh_key_add': '使い方: `/hosting [サーバー] ssh key add`（フォームで入力）',
  'usage.hosting.ssh_key_delete':
    '使い方: `/hosting [サーバー] ssh key delete <ID>`（IDは `/hosting ssh keys` で確認）',
  'usage.hosting.errorlog':
    '使い方: `/hosting [サーバー] errorlog <ドメイン> [行数] [キーワード]`（例: `/hosting errorlog example-shop.com 200 Fatal`）。数字は行数、それ以外の語はキーワードとして扱います（空白を含むなら `keyword="PHP Fatal"`、数字を探すなら `keyword=404`）。',
  'usage.hosting.audit': '使い方: `/hosting [サーバー] audit`',
  'usage.hosting.watch':
    '使い方: `/hosting [サーバー] watch [#チャンネル]`（例: `/hosting xs123456.xsrv.jp watch #ops`）',
  'usage.hosting.unwatch': '使い方: `/hosting [サーバー] unwatch [#チャンネル]`',
} as const;

export const hostingCatalog = catalog(en, ja);
