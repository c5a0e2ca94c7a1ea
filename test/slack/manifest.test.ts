import { readFileSync } from 'node:fs';
import type { App } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { HandlerDeps } from '../../handlers/kit.ts';
import { registerWorkflowSteps } from '../../handlers/steps/workflow-steps.ts';
import { SERVED_EVENTS } from '../../src/slack/delivery-shape.ts';
import { COMMANDS, SHORTCUTS, STEP_CONTEXT_INPUTS, STEPS } from '../../src/slack/ids.ts';

interface Manifest {
  features: {
    bot_user: { display_name: string };
    app_home: { messages_tab_enabled: boolean; home_tab_enabled: boolean };
    slash_commands: {
      command: string;
      description: string;
      usage_hint: string;
      url: string;
      should_escape: boolean;
    }[];
    shortcuts: { name: string; type: string; callback_id: string; description: string }[];
  };
  functions: Record<
    string,
    {
      title: string;
      description: string;
      input_parameters: { properties: Record<string, { type: string; title: string }>; required?: string[] };
      output_parameters: { properties: Record<string, { type: string; title: string }>; required?: string[] };
    }
  >;
  oauth_config: { scopes: { bot: string[] } };
  settings: {
    org_deploy_enabled: boolean;
    function_runtime: string;
    interactivity: { is_enabled: boolean; request_url: string };
    event_subscriptions: { request_url: string; bot_events: string[] };
    socket_mode_enabled: boolean;
  };
}

const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as Manifest;

describe('manifest.yml', () => {
  it('declares both commands with descriptions and usage hints on /slack/events', () => {
    const names = manifest.features.slash_commands.map((c) => c.command);
    expect(names).toEqual([COMMANDS.vps, COMMANDS.hosting]);
    for (const c of manifest.features.slash_commands) {
      expect(c.description.length).toBeGreaterThan(0);
      expect(c.description.length).toBeLessThanOrEqual(100);
      expect(c.usage_hint.length).toBeGreaterThan(0);
      expect(c.url).toMatch(/\/slack\/events$/);
    }
    const hint = manifest.features.slash_commands[0]!.usage_hint;
    for (const word of ['help', 'list', 'show', 'rename', 'memo', 'rdns', 'power', 'logs', 'me', 'audit']) {
      expect(hint).toContain(word);
    }
    for (const word of ['signup', 'signups', 'watch', 'unwatch', 'watches']) expect(hint).toContain(word);
    for (const word of ['plans', 'signup status <service code>', 'limit=']) expect(hint).toContain(word);
    for (const word of ['renewals', 'renewal set <server> <YYYY-MM-DD>', 'renewal clear <server>'])
      expect(hint).toContain(word);
    // The forms /vps help lists and the grammar takes: a help topic, a change whose value a form
    // asks for, a channel named after a watch, a mute or an unmute.
    for (const form of [
      'help [rename|memo|rdns|logs]',
      'rename <server> [new-name]',
      'memo <server> [text]',
      'rdns <server> [hostname]',
      'unwatch <server|all|key> [#channel]',
      'watches [#channel]',
      'mute <server|all|key> <duration> [#channel]',
      'unmute [server|all] [#channel]',
      'incidents',
      'digest',
    ])
      expect(hint).toContain(form);
    const hosting = manifest.features.slash_commands[1]!.usage_hint;
    for (const form of [
      'errorlog <domain> [lines] [keyword]',
      'db grant <db_user> <db_name>',
      'unwatch [#channel]',
    ])
      expect(hosting).toContain(form);
    // Slack caps a usage hint at 1000 characters.
    expect(hint.length).toBeLessThanOrEqual(1000);
    // #channel must arrive as a channel id for /vps watch.
    for (const c of manifest.features.slash_commands) expect(c.should_escape).toBe(true);
  });

  it('declares the three shortcuts with the callback_ids the app listens to, within Slack’s limits', () => {
    const byId = new Map(manifest.features.shortcuts.map((s) => [s.callback_id, s]));
    expect(manifest.features.shortcuts).toHaveLength(3);
    expect(byId.get(SHORTCUTS.orderVps)).toMatchObject({ name: 'Order a VPS', type: 'global' });
    expect(byId.get(SHORTCUTS.findServer)).toMatchObject({ name: 'Server card', type: 'global' });
    expect(byId.get(SHORTCUTS.serverFromMessage)).toMatchObject({ name: 'Show server', type: 'message' });
    for (const s of manifest.features.shortcuts) {
      expect(s.name.length, s.name).toBeLessThanOrEqual(24);
      expect(s.description.length, s.name).toBeGreaterThan(0);
      expect(s.description.length, s.name).toBeLessThanOrEqual(150);
      expect(s.callback_id.length).toBeLessThanOrEqual(255);
    }
    // A shortcut needs the commands scope, which /vps already asks for.
    expect(manifest.oauth_config.scopes.bot).toContain('commands');
  });

  it('asks for the narrowest scopes the app uses', () => {
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual(
      // files:write only for the /hosting error log sent as a file to the clicker's DM;
      // channels:read and groups:read only to tell who may read another channel's watches.
      [
        'channels:read',
        'chat:write',
        'commands',
        'files:write',
        'groups:read',
        'im:history',
        'usergroups:read',
        'users:read',
      ].sort(),
    );
  });

  it('enables the Home tab and subscribes to exactly the events the delivery check serves', () => {
    expect(manifest.features.app_home.home_tab_enabled).toBe(true);
    expect(manifest.settings.event_subscriptions.bot_events).toEqual([...SERVED_EVENTS]);
    expect(manifest.settings.event_subscriptions.request_url).toMatch(/\/slack\/events$/);
  });

  it('enables interactivity, the bot user, the messages tab and Socket Mode', () => {
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(manifest.settings.interactivity.request_url).toMatch(/\/slack\/events$/);
    expect(manifest.settings.socket_mode_enabled).toBe(true);
    expect(manifest.features.bot_user.display_name).toBeTruthy();
    expect(manifest.features.app_home.messages_tab_enabled).toBe(true);
  });

  it('declares the Workflow Builder steps the app registers, with the contract’s inputs and outputs', () => {
    const registered: string[] = [];
    const app = {
      function: (callbackId: string) => {
        registered.push(callbackId);
        return app;
      },
    };
    registerWorkflowSteps(app as unknown as App, {} as HandlerDeps);
    expect(Object.keys(manifest.functions).sort()).toEqual(registered.sort());
    expect(registered.sort()).toEqual(Object.keys(STEPS).sort());
    for (const [name, spec] of Object.entries(STEPS)) {
      const f = manifest.functions[name]!;
      expect(f.title.length, name).toBeGreaterThan(0);
      expect(f.description.length, name).toBeGreaterThan(0);
      const inputs = f.input_parameters.properties;
      expect(Object.keys(inputs).sort(), name).toEqual([...spec.inputs, ...STEP_CONTEXT_INPUTS].sort());
      expect(inputs.user_context?.type).toBe('slack#/types/user_context');
      expect(inputs.interactivity?.type).toBe('slack#/types/interactivity');
      expect(inputs.channel?.type).toBe('slack#/types/channel_id');
      // Only Slack names the person: no input a builder types is a user.
      for (const [input, p] of Object.entries(inputs))
        if (input !== 'user_context' && input !== 'interactivity') expect(p.type, input).not.toMatch(/user/);
      for (const r of f.input_parameters.required ?? [])
        expect(spec.inputs as readonly string[]).toContain(r);
      expect(Object.keys(f.output_parameters.properties).sort(), name).toEqual([...spec.outputs].sort());
    }
    expect(manifest.settings.function_runtime).toBe('remote');
    expect(manifest.settings.org_deploy_enabled).toBe(true);
    expect(manifest.settings.event_subscriptions.bot_events).toContain('function_executed');
  });
});
