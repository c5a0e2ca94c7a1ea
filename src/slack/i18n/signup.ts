/**
 * Paid signup: the order modal and its field rules, the approval message and
 * its status line, the outcome sentences of its thread, the refusals a clicker
 * or requester reads alone, and `/vps signups`.
 */
import { catalog } from './catalog.ts';

const en = {
  'signup.modal.title': 'Order a VPS',
  'signup.modal.submit': 'Get a price',
  'signup.modal.cancel': 'Cancel',
  'signup.modal.loading': 'Reading plans and prices from the provider…',
  'signup.modal.intro':
    'Submitting asks the provider for the exact price (nothing is charged). An approver then sees it in <#{channel}> and decides.',
  'signup.modal.no_plans': 'The provider offers no plan that can be ordered through the API right now.',
  'signup.modal.failed': 'The plans could not be read: {reason}',
  'signup.modal.quoting': 'Asking the provider for the exact price… nothing is charged.',
  'signup.modal.internal': 'Something went wrong on our side; nothing was ordered or charged. Try again.',
  'signup.field.plan_id': 'Plan',
  'signup.field.plan_id.placeholder': 'Choose a plan',
  'signup.field.period': 'Contract period',
  'signup.field.period.placeholder': 'Choose a period',
  'signup.field.period.hint':
    'Prices are for today in Japan and include this month’s pro-rata part; they change at 00:00 JST.',
  'signup.field.image_id': 'OS image',
  'signup.field.image_id.placeholder': 'Choose an OS',
  'signup.field.image_id.hint': 'Only images this plan has enough memory for are listed.',
  'signup.field.name': 'Server name',
  'signup.field.name.hint': 'Up to {limit, number} of a–z, 0–9, - and _. Leave empty to get one assigned.',
  'signup.field.ssh_key_name': 'SSH key name',
  'signup.field.ssh_key_name.hint':
    'A key registered in the panel, or the name to register the public key below under.',
  'signup.field.ssh_public_key': 'SSH public key',
  'signup.field.ssh_public_key.hint': 'OpenSSH format, e.g. ssh-ed25519 AAAA… you@host. Needs a key name.',
  'signup.field.root_password': 'Root password',
  'signup.field.root_password.hint':
    'Leaving it empty is safer: the bot then makes a strong, unique one that is never typed anywhere or reused, and shows it to you alone, once. Rules: {min, number}–{max, number} half-width characters, two kinds of letters/digits/symbols, no ` < >.',
  'signup.field.auto_renew': 'Renewal',
  'signup.field.auto_renew.option': 'Renew automatically from the prepaid balance',
  'signup.field.partner_code': 'Partner code',
  'signup.field.partner_code.hint': 'Only if you have one: letters and digits, up to {limit, number}.',
  'signup.field.agree_to_terms': 'Terms of service',
  'signup.field.agree_to_terms.option': 'I agree to the provider’s terms of service for this order',
  'signup.field.agree_to_terms.option_link':
    'I agree to the provider’s <{url}|terms of service> for this order',
  'signup.plan_option': '{name} — {memory} GB, {vcpu} vCPU, {disk} GB disk',
  'signup.period_option': '{months} mo · {price}',
  'signup.period_option_campaign': '{months} mo · {price} (campaign, regular {regular})',
  'signup.rule.required': 'Required.',
  'signup.rule.too_short': 'At least {limit, plural, one {# character} other {# characters}}.',
  'signup.rule.too_long': 'At most {limit, plural, one {# character} other {# characters}}.',
  'signup.rule.charset.name': 'Only lower-case letters a–z, digits, - and _.',
  'signup.rule.charset.partner_code': 'Only letters and digits.',
  'signup.rule.kinds': 'Use at least two kinds among letters, digits and symbols.',
  'signup.rule.forbidden_char': 'The characters `, < and > are not allowed.',
  'signup.rule.half_width': 'Half-width characters only (no spaces or full-width characters).',
  'signup.rule.ssh_format': 'Not an OpenSSH public key (ssh-ed25519 AAAA… or ssh-rsa AAAA…).',
  'signup.rule.key_name_needed': 'Give a key name to register the public key under.',
  'signup.rule.plan_unknown': 'This plan cannot be ordered now. Choose another.',
  'signup.rule.period_unknown': 'This plan has no such period. Choose one from the list.',
  'signup.rule.image_unknown': 'This OS image is not offered. Choose one from the list.',
  'signup.rule.image_too_big': 'This OS needs a plan with at least {limit, number} MB of memory.',
  'signup.rule.terms': 'Tick the box to agree to the terms; the order cannot be placed otherwise.',

  'signup.approval.header': 'VPS order waiting for approval',
  'signup.approval.account': 'Provider account',
  'signup.approval.plan': 'Plan',
  'signup.approval.period': 'Period',
  'signup.approval.months': '{months, plural, one {# month} other {# months}}',
  'signup.approval.image': 'OS',
  'signup.approval.name': 'Server name',
  'signup.approval.name_auto': 'assigned by the provider',
  'signup.approval.ssh': 'SSH key',
  'signup.approval.ssh_none': 'none',
  'signup.approval.ssh_new': '{name} (registered with this order)',
  'signup.approval.renew': 'Auto-renew',
  'signup.approval.renew_on': 'on',
  'signup.approval.renew_off': 'off',
  'signup.approval.partner': 'Partner code',
  'signup.approval.password': 'Root password',
  'signup.approval.password_set': 'set, sealed until the order is placed',
  'signup.approval.price': 'Charged on approval: *{price}* (tax included)',
  'signup.approval.campaign': 'Campaign price; the regular price is {regular}.',
  'signup.approval.prorata':
    'Includes this month’s pro-rata part: the price holds for today in Japan only, so the quote ends at 00:00 JST at the latest.',
  'signup.approval.requested': 'Asked for by <@{user}> · quote expires {expires}',
  'signup.approval.approve': 'Approve and pay {price}',
  'signup.approval.reject': 'Reject',
  'signup.approval.confirm_title': 'Pay {price}?',
  'signup.approval.confirm_text':
    'This orders {plan} for {period} and charges {price} to the prepaid balance now. It cannot be undone.',
  'signup.approval.confirm_yes': 'Approve and pay',
  'signup.approval.confirm_no': 'Cancel',
  'signup.approval.fallback': 'VPS order waiting for approval: {plan}, {period}, {price}',

  'signup.header.in_progress': 'VPS order approved: being placed',
  'signup.header.submitted': 'VPS ordered and paid: being set up',
  'signup.header.active': 'VPS ordered and paid: active',
  'signup.header.rejected': 'VPS order rejected',
  'signup.header.withdrawn': 'VPS order withdrawn',
  'signup.header.expired': 'VPS quote expired: not ordered',
  'signup.header.failed': 'VPS order failed: not ordered',
  'signup.header.price_changed': 'VPS order stopped: the price changed',
  'signup.header.unknown': 'VPS order: checking the outcome',
  'signup.decided.paid': 'Paid: *{price}* (tax included)',
  'signup.decided.price': 'Quoted price: {price} (tax included)',
  'signup.decided.requested': 'Asked for by <@{user}>',
  'signup.decided.fallback': '{header}. {status}',

  'signup.status.approved': ':hourglass_flowing_sand: Approved by <@{user}>. Placing the order now…',
  'signup.status.executing': ':hourglass_flowing_sand: Approved by <@{user}>. Placing the order now…',
  'signup.status.submitted':
    ':white_check_mark: Approved by <@{user}> and paid {price}. The server is being set up.',
  'signup.status.active': ':white_check_mark: Approved by <@{user}> and paid {price}. The server is active.',
  'signup.status.rejected': ':no_entry_sign: Rejected by <@{user}>. Nothing was charged.',
  'signup.status.withdrawn': ':no_entry_sign: Withdrawn by <@{user}>. Nothing was charged.',
  'signup.status.expired': ':alarm_clock: The quote expired {expires}. Nothing was charged.',
  'signup.status.price_changed':
    ':warning: Not ordered: the price changed. Nothing was charged; see the thread.',
  'signup.status.failed': ':x: Not ordered ({code}). Nothing was charged; see the thread.',
  'signup.status.unknown':
    ':mag: Approved by <@{user}>. Checking whether the order went through; see the thread.',
  'signup.status.interrupted':
    ':mag: Approved by <@{user}>. The bot stopped while placing this order and is checking what happened to this order with the same order key, so it can never be charged twice. The outcome follows in the thread.',

  'signup.outcome.active':
    ':white_check_mark: Ordered and paid {price}. The server is active (service code {id}).',
  'signup.outcome.active_server':
    ':white_check_mark: Ordered and paid {price}. The server is active: uuid `{uuid}`, IP address `{ip}` (service code {id}).',
  'signup.outcome.building':
    ':white_check_mark: Ordered and paid {price}. The OS is still being set up (service code {id}); the server becomes active by itself, usually within minutes.',
  'signup.outcome.setup_pending':
    ':white_check_mark: Ordered and paid {price}. The provider has put server creation on hold (service code {id}); it becomes active by itself. If it stays pending for long, contact the provider’s support.',
  'signup.outcome.price_changed':
    ':warning: Not ordered, nothing charged: the price changed from {old} to {new} (a new day in Japan, or new pricing). A new approval at the new price is posted below.',
  'signup.outcome.price_changed_no_quote':
    ':warning: Not ordered, nothing charged: the price is no longer {old}, and a new quote could not be made ({code}). Start again with `/vps signup`.',
  'signup.outcome.price_changed_after_unknown':
    ':warning: The provider now answers that the price is no longer {old}: the earlier attempt did not go through and nothing was charged. Check `/vps list` before ordering again with `/vps signup`.',
  'signup.outcome.failed.PAYMENT_REQUIRED':
    ':x: Not ordered: the prepaid balance is too low for {price}. Top up the balance, then start again with `/vps signup`.',
  'signup.outcome.failed.FORBIDDEN':
    ':x: Not ordered: the provider API key may not sign up VPSs (the setting needs at least 20,000 yen of balance, and keys limited to selected VPSs cannot sign up). Ask the account owner.',
  'signup.outcome.failed.CAPACITY_UNAVAILABLE':
    ':x: Not ordered: the provider has no room for this plan right now, or is under maintenance. Nothing was charged; try later or choose another plan.',
  'signup.outcome.failed.PLAN_NOT_AVAILABLE':
    ':x: Not ordered: this plan or period is no longer open for signup. Nothing was charged; choose another with `/vps signup`.',
  'signup.outcome.failed.VALIDATION_ERROR':
    ':x: Not ordered: the provider refused the order’s details (for example an SSH key name already taken). Nothing was charged; start again with `/vps signup`.',
  'signup.outcome.failed.SECRET_GONE':
    ':x: Not ordered: the sealed root password was no longer there (it expires with the quote). Nothing was charged; start again with `/vps signup`.',
  'signup.outcome.failed.REQUESTER_ROLE':
    ':x: Not ordered: <@{user}>, who asked for it, may no longer order VPSs (their role changed after asking). Nothing was charged; someone who may order can start again with `/vps signup`.',
  'signup.outcome.failed.CHANNEL_NOT_ALLOWED':
    ':x: Not ordered: this channel is no longer among the channels the bot may be used in. Nothing was charged; ask an admin, then start again with `/vps signup` in an allowed channel.',
  'signup.outcome.failed.other': ':x: Not ordered: the provider refused ({code}). Nothing was charged.',
  'signup.outcome.unknown':
    ':mag: The provider’s answer did not arrive ({code}). The order may or may not have gone through. The bot asks again with the same order key, so it can never be charged twice, and will post the outcome here.',
  'signup.outcome.in_process':
    ':mag: The provider says this order is still being processed. The bot asks again with the same order key and will post the outcome here.',
  'signup.outcome.manual_check':
    ':warning: The outcome of this order could not be checked automatically. Look in the provider’s panel (or `/vps list`) before ordering again.',
  'signup.outcome.direct':
    'I couldn’t post in the thread of your order for *{name}* in <#{channel}> (I may have been removed from the channel), so here is what became of it:',
  'signup.outcome.expired':
    ':alarm_clock: The quote expired {expires} before the order was placed. Nothing was charged; start again with `/vps signup`.',

  'signup.quoted.ack': 'Asked the provider for the price of {plan}; the approval request is in <#{channel}>.',
  'signup.quoted.account': 'The order is for the provider account {label}.',
  'signup.quoted.posted':
    'Your order of {plan} for {price} waits for an approver in <#{channel}>. The quote expires {expires}.',
  'signup.quoted.not_posted':
    'The price is {price}, but the approval request could not be posted in <#{channel}> (is the bot a member?). Invite the bot and try again.',
  'signup.password.generated':
    ':key: Root password for {name}: `{password}`\nThis is the only time it is shown: keep it in your password manager now. The bot holds it sealed only until the order is placed.',
  'signup.password.dm_hidden':
    ':key: The bot made a root password for this order, but could not show it to you in the form or in the channel, and it never leaves a password in a direct message. Press the button to see it once in a private window.',
  'signup.password.show': 'Show the root password',
  'signup.password.gone':
    'That root password is no longer held: the order was placed, refused or expired. If you did not keep it, reset the root password in the provider’s panel.',
  'signup.password.not_yours': 'Only the person who ordered this server can see its root password.',
  'signup.password.window_failed': 'The window could not be opened. Press the button again.',
  'signup.password.name_auto': 'your new server',

  'signup.refused.role_required': 'Ordering a VPS needs the operator role; yours is {role}.',
  'signup.refused.role_required_none': 'Ordering a VPS needs the operator role, and you have no role here.',
  'signup.refused.channel_not_allowed':
    'VPSs cannot be ordered from this channel; ask an admin which channels are allowed.',
  'signup.refused.PAYMENT_REQUIRED':
    'The provider says the prepaid balance is too low for this order. Top it up and try again.',
  'signup.refused.FORBIDDEN':
    'The provider API key may not sign up VPSs: the setting needs at least 20,000 yen of balance, and a key limited to selected VPSs cannot sign up. Ask the account owner.',
  'signup.refused.CAPACITY_UNAVAILABLE':
    'The provider cannot take this plan right now (no room, or maintenance). Try later or choose another plan.',
  'signup.refused.DUPLICATE_REQUEST':
    'The provider is still processing an identical order. Wait a minute, then look at `/vps signups`.',
  'signup.refused.PLAN_NOT_AVAILABLE': 'This plan or period is not open for signup now. Choose another.',
  'signup.refused.VALIDATION_ERROR':
    'The provider refused the order’s details (for example an SSH key name already registered). Check the form and try again.',
  'signup.refused.other': 'The provider refused the order ({code}). Nothing was charged.',
  'signup.refused.provider_said': 'The provider’s own words:',
  'signup.refused.unreachable':
    'The provider could not be reached ({code}). Nothing was ordered or charged; try again in a minute.',
  'signup.refused.catalogue_changed':
    'The price changed while it was being checked (a new day began in Japan). Try again.',

  'signup.click.forbidden': 'Only approvers can approve a paid order. Your role: {role}.',
  'signup.click.self_approval': 'You asked for this order, so someone else must approve it.',
  'signup.click.already_handled': 'Already handled: this order is {state}.',
  'signup.click.already_handled_by': 'Already handled: this order is {state} (by <@{user}>).',
  'signup.click.expired':
    'This quote expired {expires}; nothing was charged. Ask for a new one with `/vps signup`.',
  'signup.click.stale': 'This button shows an old price. Use the latest approval message.',
  'signup.click.not_found': 'This order is not known (any more).',
  'signup.click.reject_forbidden': 'Only an approver or the person who asked can reject this order.',

  'signup.list.header': 'Signups ({count, number} most recent)',
  'signup.list.empty': 'No quotes or orders yet. Start one with `/vps signup`.',
  'signup.list.row': '*{plan}* · {months} mo · {price} · {state}\n<@{user}> · {at}{extra}',
  'signup.list.row_approver': ' · approved by <@{user}>',
  'signup.list.row_code': ' · {code}',

  'signup.plans.header': 'Today’s VPS prices',
  'signup.plans.note':
    'Tax included, with this month’s pro-rata part: what an order placed today (Japan time) is charged. Prices change at 00:00 Japan time. A plan whose intake is paused is still listed; the price check of an order says so.',
  'signup.plans.read_ago': 'Read from the provider {age} ago.',
  'signup.plans.order_hint': '*Order this plan* opens the order form with the plan chosen.',
  'signup.plans.no_order': 'Ordering needs a role you do not have here (`/vps help` shows yours).',
  'signup.plans.plan': '*{name}*\n{memory} GB memory · {vcpu} vCPU · {disk} GB disk',
  'signup.plans.period': '{months} mo · *{price}*',
  'signup.plans.period_campaign': '{months} mo · *{price}* campaign price (regular {regular})',
  'signup.plans.period_campaign_same': '{months} mo · *{price}* (campaign)',
  'signup.plans.more_periods':
    '• and {count, plural, one {# more period} other {# more periods}}: the order form lists them all',
  'signup.plans.os': 'OS: {images}',
  'signup.plans.os_none': 'OS: none of the images the provider lists fits this plan’s memory.',
  'signup.plans.more_images': 'and {count, number} more',
  'signup.plans.order': 'Order this plan',
  'signup.plans.page': 'Page {page} of {pages} ({count, plural, one {# plan} other {# plans}})',
  'signup.plans.text_item': '{name}: from {price}',
  'signup.plans.empty': 'The provider lists no plan that can be ordered through the API today.',

  'signup.progress.title': 'VPS signup, service code {id}',
  'signup.progress.name': 'Server name',
  'signup.progress.status': 'Status',
  'signup.progress.uuid': 'uuid',
  'signup.progress.uuid_none': 'not yet: set once the server has been created',
  'signup.progress.expiry': 'Contract expiry',
  'signup.progress.expiry_none': 'not yet: set once server creation is no longer on hold',
  'signup.progress.state.active': ':white_check_mark: active',
  'signup.progress.state.building': ':hourglass_flowing_sand: building',
  'signup.progress.state.setup_pending': ':hourglass: setup pending',
  'signup.progress.meaning.active':
    'Paid, contracted and created: the server is in use. `/vps show {name}` shows its card.',
  'signup.progress.meaning.building':
    'Paid and contracted; the OS is still being set up. It becomes active by itself, and gets its uuid then.',
  'signup.progress.meaning.setup_pending':
    'Paid and contracted; the provider has put server creation on hold. It becomes active by itself; if it stays pending for long, contact the provider’s support with the service code {id}.',
  'signup.progress.meaning.other':
    'The provider gave a state it does not document. Ask again later, or look in the provider’s control panel.',

  'signup.state.quoted': 'waiting for approval',
  'signup.state.approved': 'approved',
  'signup.state.executing': 'being ordered',
  'signup.state.submitted': 'paid, being set up',
  'signup.state.active': 'active',
  'signup.state.rejected': 'rejected',
  'signup.state.expired': 'expired',
  'signup.state.price_changed': 'price changed',
  'signup.state.failed': 'not ordered',
  'signup.state.unknown': 'being checked',
  'signup.state.interrupted': 'checking what happened to this order',
  'signup.password.shown_before':
    'That root password was already shown to you once, and is not shown again. If you did not keep it, reset the root password in the provider’s panel once the server is ready.',
} as const;

const ja = {
  'signup.modal.title': 'VPSの申し込み',
  'signup.modal.submit': '料金を確認',
  'signup.modal.cancel': 'キャンセル',
  'signup.modal.loading': 'プロバイダーからプランと料金を読み込んでいます…',
  'signup.modal.intro':
    '送信するとプロバイダーに正確な料金を問い合わせます（課金はされません）。その料金を <#{channel}> で承認者が確認して判断します。',
  'signup.modal.no_plans': '現在APIで申し込めるプランがありません。',
  'signup.modal.failed': 'プランを読み込めませんでした: {reason}',
  'signup.modal.quoting': 'プロバイダーに正確な料金を問い合わせています… 課金はされません。',
  'signup.modal.internal':
    'ボット側で問題が起きました。申し込みも課金もされていません。もう一度お試しください。',
  'signup.field.plan_id': 'プラン',
  'signup.field.plan_id.placeholder': 'プランを選択',
  'signup.field.period': '契約期間',
  'signup.field.period.placeholder': '期間を選択',
  'signup.field.period.hint':
    '料金は日本時間の本日分で、今月の日割り分を含みます。0時（日本時間）に変わります。',
  'signup.field.image_id': 'OSイメージ',
  'signup.field.image_id.placeholder': 'OSを選択',
  'signup.field.image_id.hint': 'このプランのメモリで使えるイメージだけを表示しています。',
  'signup.field.name': 'サーバー名',
  'signup.field.name.hint': '半角英小文字・数字・-・_ で{limit, number}文字まで。空欄なら自動で付きます。',
  'signup.field.ssh_key_name': 'SSHキー名',
  'signup.field.ssh_key_name.hint': 'パネルに登録済みのキー名、または下の公開鍵を登録する名前。',
  'signup.field.ssh_public_key': 'SSH公開鍵',
  'signup.field.ssh_public_key.hint': 'OpenSSH形式（例: ssh-ed25519 AAAA… you@host）。キー名も必要です。',
  'signup.field.root_password': 'rootパスワード',
  'signup.field.root_password.hint':
    '空欄のままにするほうが安全です。ボットがどこにも入力・再利用されない強力なパスワードを作り、あなたにだけ一度だけ表示します。規則: 半角{min, number}〜{max, number}文字、英字・数字・記号のうち2種類以上、` < > は不可。',
  'signup.field.auto_renew': '自動更新',
  'signup.field.auto_renew.option': '前払い残高から自動更新する',
  'signup.field.partner_code': 'パートナーコード',
  'signup.field.partner_code.hint': 'お持ちの場合のみ。半角英数字{limit, number}文字まで。',
  'signup.field.agree_to_terms': '利用規約',
  'signup.field.agree_to_terms.option': 'この申し込みについてプロバイダーの利用規約に同意します',
  'signup.field.agree_to_terms.option_link': 'この申し込みについてプロバイダーの<{url}|利用規約>に同意します',
  'signup.plan_option': '{name} — メモリ{memory}GB・{vcpu}vCPU・ディスク{disk}GB',
  'signup.period_option': '{months}か月 · {price}',
  'signup.period_option_campaign': '{months}か月 · {price}（キャンペーン、通常{regular}）',
  'signup.rule.required': '入力してください。',
  'signup.rule.too_short': '{limit, number}文字以上にしてください。',
  'signup.rule.too_long': '{limit, number}文字以内にしてください。',
  'signup.rule.charset.name': '半角英小文字・数字・-・_ のみ使えます。',
  'signup.rule.charset.partner_code': '半角英数字のみ使えます。',
  'signup.rule.kinds': '英字・数字・記号のうち2種類以上を使ってください。',
  'signup.rule.forbidden_char': '` < > は使えません。',
  'signup.rule.half_width': '半角文字のみ使えます（空白・全角文字は不可）。',
  'signup.rule.ssh_format': 'OpenSSH形式の公開鍵ではありません（ssh-ed25519 AAAA… など）。',
  'signup.rule.key_name_needed': '公開鍵を登録するキー名を入力してください。',
  'signup.rule.plan_unknown': 'このプランは現在申し込めません。別のプランを選んでください。',
  'signup.rule.period_unknown': 'このプランにその期間はありません。一覧から選んでください。',
  'signup.rule.image_unknown': 'このOSイメージは提供されていません。一覧から選んでください。',
  'signup.rule.image_too_big': 'このOSにはメモリ{limit, number}MB以上のプランが必要です。',
  'signup.rule.terms': '利用規約への同意にチェックしてください。同意がないと申し込めません。',

  'signup.approval.header': 'VPSの申し込み（承認待ち）',
  'signup.approval.account': 'プロバイダーアカウント',
  'signup.approval.plan': 'プラン',
  'signup.approval.period': '期間',
  'signup.approval.months': '{months, number}か月',
  'signup.approval.image': 'OS',
  'signup.approval.name': 'サーバー名',
  'signup.approval.name_auto': 'プロバイダーが自動で付けます',
  'signup.approval.ssh': 'SSHキー',
  'signup.approval.ssh_none': 'なし',
  'signup.approval.ssh_new': '{name}（この申し込みで登録）',
  'signup.approval.renew': '自動更新',
  'signup.approval.renew_on': 'あり',
  'signup.approval.renew_off': 'なし',
  'signup.approval.partner': 'パートナーコード',
  'signup.approval.password': 'rootパスワード',
  'signup.approval.password_set': '設定済み（申し込みまで暗号化して保管）',
  'signup.approval.price': '承認すると課金: *{price}*（税込）',
  'signup.approval.campaign': 'キャンペーン価格です（通常価格は{regular}）。',
  'signup.approval.prorata':
    '今月の日割り分を含みます。料金は日本時間の本日のみ有効なため、見積もりは遅くとも0時（日本時間）に失効します。',
  'signup.approval.requested': '依頼者 <@{user}> · 見積もりの有効期限 {expires}',
  'signup.approval.approve': '承認して{price}を支払う',
  'signup.approval.reject': '却下',
  'signup.approval.confirm_title': '{price}を支払いますか？',
  'signup.approval.confirm_text':
    '{plan} を {period}で申し込み、前払い残高から{price}を今すぐ支払います。取り消せません。',
  'signup.approval.confirm_yes': '承認して支払う',
  'signup.approval.confirm_no': 'キャンセル',
  'signup.approval.fallback': 'VPSの申し込み（承認待ち）: {plan}、{period}、{price}',

  'signup.header.in_progress': 'VPSの申し込み（承認済み・申し込み中）',
  'signup.header.submitted': 'VPSの申し込み（支払い済み・準備中）',
  'signup.header.active': 'VPSの申し込み（支払い済み・稼働中）',
  'signup.header.rejected': 'VPSの申し込み（却下）',
  'signup.header.withdrawn': 'VPSの申し込み（取り下げ）',
  'signup.header.expired': 'VPSの申し込み（見積もり失効）',
  'signup.header.failed': 'VPSの申し込み（失敗）',
  'signup.header.price_changed': 'VPSの申し込み（料金変更のため中止）',
  'signup.header.unknown': 'VPSの申し込み（結果を確認中）',
  'signup.decided.paid': '支払い済み: *{price}*（税込）',
  'signup.decided.price': '見積もり額: {price}（税込）',
  'signup.decided.requested': '依頼者 <@{user}>',
  'signup.decided.fallback': '{header}: {status}',

  'signup.status.approved': ':hourglass_flowing_sand: <@{user}> が承認しました。申し込み中です…',
  'signup.status.executing': ':hourglass_flowing_sand: <@{user}> が承認しました。申し込み中です…',
  'signup.status.submitted':
    ':white_check_mark: <@{user}> が承認し、{price}を支払いました。サーバーを準備中です。',
  'signup.status.active':
    ':white_check_mark: <@{user}> が承認し、{price}を支払いました。サーバーは稼働中です。',
  'signup.status.rejected': ':no_entry_sign: <@{user}> が却下しました。課金はありません。',
  'signup.status.withdrawn': ':no_entry_sign: <@{user}> が取り下げました。課金はありません。',
  'signup.status.expired': ':alarm_clock: 見積もりは {expires} に失効しました。課金はありません。',
  'signup.status.price_changed':
    ':warning: 料金が変わったため申し込んでいません。課金はありません。スレッドを見てください。',
  'signup.status.failed': ':x: 申し込めませんでした（{code}）。課金はありません。スレッドを見てください。',
  'signup.status.unknown':
    ':mag: <@{user}> が承認しました。申し込みが通ったか確認中です。スレッドを見てください。',
  'signup.status.interrupted':
    ':mag: <@{user}> が承認しました。申し込みの途中でボットが停止したため、この注文がどうなったかを同じ注文キーで確認しています。二重に課金されることはありません。結果はスレッドでお知らせします。',

  'signup.outcome.active':
    ':white_check_mark: 申し込みと{price}の支払いが完了し、サーバーは稼働中です（サービスコード {id}）。',
  'signup.outcome.active_server':
    ':white_check_mark: 申し込みと{price}の支払いが完了し、サーバーは稼働中です。UUID `{uuid}`、IPアドレス `{ip}`（サービスコード {id}）。',
  'signup.outcome.building':
    ':white_check_mark: 申し込みと{price}の支払いが完了しました。OSの初期設定中です（サービスコード {id}）。通常数分で自動的に稼働状態になります。',
  'signup.outcome.setup_pending':
    ':white_check_mark: 申し込みと{price}の支払いが完了しました。プロバイダー側でサーバー作成が保留中です（サービスコード {id}）。自動的に稼働状態になりますが、長く続く場合はプロバイダーのサポートに連絡してください。',
  'signup.outcome.price_changed':
    ':warning: 料金が {old} から {new} に変わったため申し込んでいません（課金なし）。新しい料金での承認依頼を下に投稿します。',
  'signup.outcome.price_changed_no_quote':
    ':warning: 料金が {old} ではなくなったため申し込んでいません（課金なし）。新しい見積もりも作れませんでした（{code}）。`/vps signup` からやり直してください。',
  'signup.outcome.price_changed_after_unknown':
    ':warning: プロバイダーの回答では料金が {old} ではなくなっています。先の試行は通っておらず課金もありません。`/vps list` を確認してから `/vps signup` でやり直してください。',
  'signup.outcome.failed.PAYMENT_REQUIRED':
    ':x: 申し込めませんでした: 前払い残高が{price}に足りません。残高を追加してから `/vps signup` でやり直してください。',
  'signup.outcome.failed.FORBIDDEN':
    ':x: 申し込めませんでした: プロバイダーのAPIキーにVPS申し込みの権限がありません（設定には残高2万円以上が必要で、対象を限定したキーは申し込めません）。アカウントの管理者に確認してください。',
  'signup.outcome.failed.CAPACITY_UNAVAILABLE':
    ':x: 申し込めませんでした: このプランは現在受け付けできないか、メンテナンス中です。課金はありません。時間をおくか別のプランを選んでください。',
  'signup.outcome.failed.PLAN_NOT_AVAILABLE':
    ':x: 申し込めませんでした: このプランまたは期間は申し込みを受け付けていません。課金はありません。`/vps signup` で別のものを選んでください。',
  'signup.outcome.failed.VALIDATION_ERROR':
    ':x: 申し込めませんでした: プロバイダーが申し込み内容を受け付けませんでした（例: 既に登録済みのSSHキー名）。課金はありません。`/vps signup` でやり直してください。',
  'signup.outcome.failed.SECRET_GONE':
    ':x: 申し込めませんでした: 保管していたrootパスワードが失効していました。課金はありません。`/vps signup` でやり直してください。',
  'signup.outcome.failed.REQUESTER_ROLE':
    ':x: 申し込めませんでした: 依頼者の <@{user}> さんは依頼の後にロールが変わり、VPSを申し込めなくなっています。課金はありません。申し込める方が `/vps signup` からやり直してください。',
  'signup.outcome.failed.CHANNEL_NOT_ALLOWED':
    ':x: 申し込めませんでした: このチャンネルはボットを使えるチャンネルから外れています。課金はありません。管理者に確認のうえ、使えるチャンネルで `/vps signup` からやり直してください。',
  'signup.outcome.failed.other':
    ':x: 申し込めませんでした: プロバイダーが拒否しました（{code}）。課金はありません。',
  'signup.outcome.unknown':
    ':mag: プロバイダーからの応答が届きませんでした（{code}）。申し込みが通ったかは不明です。同じ申し込みキーで問い合わせ直すので二重課金にはなりません。結果はこのスレッドに投稿します。',
  'signup.outcome.in_process':
    ':mag: プロバイダーによるとこの申し込みは処理中です。同じ申し込みキーで問い合わせ直し、結果をこのスレッドに投稿します。',
  'signup.outcome.manual_check':
    ':warning: この申し込みの結果を自動で確認できませんでした。もう一度申し込む前にプロバイダーのパネル（または `/vps list`）を確認してください。',
  'signup.outcome.direct':
    '<#{channel}> での *{name}* の申し込みのスレッドに投稿できなかったため（ボットがチャンネルから外された可能性があります）、結果をこちらでお知らせします。',
  'signup.outcome.expired':
    ':alarm_clock: 申し込む前に見積もりが {expires} に失効しました。課金はありません。`/vps signup` でやり直してください。',

  'signup.quoted.ack': '{plan} の料金をプロバイダーに問い合わせました。承認依頼は <#{channel}> にあります。',
  'signup.quoted.account': 'プロバイダーアカウント「{label}」での注文です。',
  'signup.quoted.posted':
    '{plan}（{price}）の申し込みが <#{channel}> で承認を待っています。見積もりの有効期限: {expires}',
  'signup.quoted.not_posted':
    '料金は{price}ですが、<#{channel}> に承認依頼を投稿できませんでした（ボットはメンバーですか？）。ボットを招待してからやり直してください。',
  'signup.password.generated':
    ':key: {name} のrootパスワード: `{password}`\n表示はこの一度だけです。今すぐパスワードマネージャーに保存してください。ボットは申し込みが済むまで暗号化して保管するだけです。',
  'signup.password.dm_hidden':
    ':key: この申し込みのrootパスワードをボットが作成しましたが、フォームにもチャンネルにも表示できませんでした。ダイレクトメッセージにはパスワードを残さないため、ボタンを押して専用の画面で一度だけ確認してください。',
  'signup.password.show': 'rootパスワードを表示',
  'signup.password.gone':
    'このrootパスワードはもう保持していません（申し込みが実行・却下されたか、期限切れです）。控えていない場合は、プロバイダーのパネルでrootパスワードを再設定してください。',
  'signup.password.not_yours': 'rootパスワードを確認できるのは、このサーバーを申し込んだ本人だけです。',
  'signup.password.window_failed': '画面を開けませんでした。もう一度ボタンを押してください。',
  'signup.password.name_auto': '新しいサーバー',

  'signup.refused.role_required': 'VPSの申し込みにはオペレーターのロールが必要です。あなたのロール: {role}',
  'signup.refused.role_required_none':
    'VPSの申し込みにはオペレーターのロールが必要ですが、あなたにはロールがありません。',
  'signup.refused.channel_not_allowed':
    'このチャンネルからはVPSを申し込めません。使えるチャンネルは管理者に確認してください。',
  'signup.refused.PAYMENT_REQUIRED':
    'プロバイダーによると前払い残高が足りません。残高を追加してからやり直してください。',
  'signup.refused.FORBIDDEN':
    'プロバイダーのAPIキーにVPS申し込みの権限がありません。設定には残高2万円以上が必要で、対象を限定したキーは申し込めません。アカウントの管理者に確認してください。',
  'signup.refused.CAPACITY_UNAVAILABLE':
    'このプランは現在受け付けできません（空きがないか、メンテナンス中）。時間をおくか別のプランを選んでください。',
  'signup.refused.DUPLICATE_REQUEST':
    '同じ申し込みをプロバイダーが処理中です。少し待ってから `/vps signups` を確認してください。',
  'signup.refused.PLAN_NOT_AVAILABLE': 'このプランまたは期間は現在申し込めません。別のものを選んでください。',
  'signup.refused.VALIDATION_ERROR':
    'プロバイダーが申し込み内容を受け付けませんでした（例: 既に登録済みのSSHキー名）。フォームを確認してやり直してください。',
  'signup.refused.other': 'プロバイダーが申し込みを拒否しました（{code}）。課金はありません。',
  'signup.refused.provider_said': 'プロバイダーからの回答:',
  'signup.refused.unreachable':
    'プロバイダーに接続できませんでした（{code}）。申し込みも課金もされていません。少し待ってやり直してください。',
  'signup.refused.catalogue_changed':
    '確認中に料金が変わりました（日本時間で日付が変わりました）。もう一度やり直してください。',

  'signup.click.forbidden': '有料の申し込みを承認できるのは承認者だけです。あなたのロール: {role}',
  'signup.click.self_approval': 'ご自身の申し込みなので、別の人が承認する必要があります。',
  'signup.click.already_handled': '処理済みです: この申し込みは「{state}」です。',
  'signup.click.already_handled_by': '処理済みです: この申し込みは「{state}」です（<@{user}>）。',
  'signup.click.expired':
    'この見積もりは {expires} に失効しました。課金はありません。`/vps signup` で新しく依頼してください。',
  'signup.click.stale': 'このボタンは古い料金のものです。最新の承認依頼を使ってください。',
  'signup.click.not_found': 'この申し込みは見つかりません。',
  'signup.click.reject_forbidden': 'この申し込みを却下できるのは承認者か依頼者だけです。',

  'signup.list.header': '申し込み（最新 {count, number} 件）',
  'signup.list.empty': '見積もりや申し込みはまだありません。`/vps signup` で始められます。',
  'signup.list.row': '*{plan}* · {months}か月 · {price} · {state}\n<@{user}> · {at}{extra}',
  'signup.list.row_approver': ' · 承認 <@{user}>',
  'signup.list.row_code': ' · {code}',

  'signup.plans.header': '本日のVPS料金',
  'signup.plans.note':
    '税込み・今月の日割り分を含む、本日（日本時間）申し込んだ場合の請求額です。料金は日本時間0:00に切り替わります。受付を一時停止中のプランも表示され、申し込み時の料金確認でその旨が分かります。',
  'signup.plans.read_ago': '{age}前にプロバイダーから取得しました。',
  'signup.plans.order_hint': '「このプランを申し込む」で、そのプランを選んだ申し込みフォームが開きます。',
  'signup.plans.no_order':
    'ここで申し込むのに必要なロールがありません（`/vps help` であなたのロールを確認できます）。',
  'signup.plans.plan': '*{name}*\nメモリ {memory} GB · vCPU {vcpu} · ディスク {disk} GB',
  'signup.plans.period': '{months}か月 · *{price}*',
  'signup.plans.period_campaign': '{months}か月 · *{price}*（キャンペーン価格。通常{regular}）',
  'signup.plans.period_campaign_same': '{months}か月 · *{price}*（キャンペーン）',
  'signup.plans.more_periods':
    '• ほかに契約期間が {count, number} 件あります（申し込みフォームにすべて表示されます）',
  'signup.plans.os': 'OS: {images}',
  'signup.plans.os_none':
    'OS: プロバイダーが提供するイメージのうち、このプランのメモリで選べるものはありません。',
  'signup.plans.more_images': 'ほか {count, number} 件',
  'signup.plans.order': 'このプランを申し込む',
  'signup.plans.page': '{page} / {pages} ページ（全 {count, number} プラン）',
  'signup.plans.text_item': '{name}: {price}〜',
  'signup.plans.empty': 'APIで申し込めるプランは、本日プロバイダーから提示されていません。',

  'signup.progress.title': 'VPSの申し込み（サービスコード {id}）',
  'signup.progress.name': 'サーバー名',
  'signup.progress.status': '状態',
  'signup.progress.uuid': 'UUID',
  'signup.progress.uuid_none': '未設定（サーバーの作成後に設定されます）',
  'signup.progress.expiry': '契約期限',
  'signup.progress.expiry_none': '未設定（サーバー作成の保留が解けると設定されます）',
  'signup.progress.state.active': ':white_check_mark: 利用中',
  'signup.progress.state.building': ':hourglass_flowing_sand: 構築中',
  'signup.progress.state.setup_pending': ':hourglass: 作成保留中',
  'signup.progress.meaning.active':
    '支払い・契約・サーバーの作成が完了し、利用できる状態です。`/vps show {name}` でカードを表示できます。',
  'signup.progress.meaning.building':
    '支払いと契約は完了しており、OSのセットアップ中です。自動的に利用中になり、その時点でUUIDが設定されます。',
  'signup.progress.meaning.setup_pending':
    '支払いと契約は完了していますが、プロバイダー側でサーバーの作成が保留されています。自動的に利用中になります。長く保留のままの場合は、サービスコード {id} を添えてプロバイダーのサポートへ問い合わせてください。',
  'signup.progress.meaning.other':
    'プロバイダーから仕様にない状態が返されました。しばらくしてから再度確認するか、プロバイダーのコントロールパネルで確認してください。',

  'signup.state.quoted': '承認待ち',
  'signup.state.approved': '承認済み',
  'signup.state.executing': '申し込み中',
  'signup.state.submitted': '支払い済み・準備中',
  'signup.state.active': '稼働中',
  'signup.state.rejected': '却下',
  'signup.state.expired': '失効',
  'signup.state.price_changed': '料金変更',
  'signup.state.failed': '申し込み失敗',
  'signup.state.unknown': '確認中',
  'signup.state.interrupted': 'この注文がどうなったか確認中',
  'signup.password.shown_before':
    'このrootパスワードはすでに一度表示したため、再表示はできません。控えていない場合は、サーバーの準備ができてからプロバイダーのパネルでrootパスワードを再設定してください。',
} as const;

export const signupCatalog = catalog(en, ja);
