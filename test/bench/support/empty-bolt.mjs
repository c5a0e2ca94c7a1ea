/**
 * An empty Bolt app as a process of its own, the memory benchmark's yardstick:
 * one `/vps` listener that acks and answers through the response_url, in HTTP
 * mode on PORT with SLACK_SIGNING_SECRET, its Web API at SLACK_API_URL. It logs
 * the same "vps-chatops started" line as the bot, so spawnBot waits for it the
 * same way. Plain JavaScript: nothing of the bot is loaded. EMPTY_BOLT_ACK_ONLY=1
 * leaves out the answer (the ack-latency benchmark's yardstick only acks).
 */
import bolt from '@slack/bolt';

const { App, HTTPReceiver, LogLevel } = bolt;
const receiver = new HTTPReceiver({
  signingSecret: process.env.SLACK_SIGNING_SECRET,
  endpoints: '/slack/events',
  logLevel: LogLevel.ERROR,
});
const app = new App({
  token: process.env.SLACK_BOT_TOKEN,
  receiver,
  logLevel: LogLevel.ERROR,
  clientOptions: { slackApiUrl: process.env.SLACK_API_URL },
});
const ackOnly = process.env.EMPTY_BOLT_ACK_ONLY === '1';
app.command('/vps', async ({ ack, respond }) => {
  await ack();
  if (!ackOnly) await respond({ response_type: 'ephemeral', text: 'ok' });
});
const port = Number(process.env.PORT);
await app.start(port);
process.stdout.write(`${JSON.stringify({ msg: 'vps-chatops started (an empty Bolt app)', port })}\n`);
process.on('SIGTERM', () => {
  app.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
