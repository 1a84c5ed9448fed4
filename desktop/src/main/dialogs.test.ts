import { describe, expect, it } from 'vitest';
import { externalOpenDialog, PROCEED, serverChangeDialog } from './dialogs';

describe('externalOpenDialog', () => {
  it('names the host and the server, and defaults to Cancel', () => {
    const options = externalOpenDialog('docs.example.com', 'https://nutrition.example.org');
    expect(options.message).toBe('Open docs.example.com in your browser?');
    expect(options.detail).toContain("not your organisation's server (nutrition.example.org)");
    expect(options.buttons?.[PROCEED]).toBe('Open docs.example.com');
    expect(options).toMatchObject({ defaultId: 1, cancelId: 1 });
  });
});

describe('serverChangeDialog', () => {
  it('names both servers and says the session and the kept data go', () => {
    const options = serverChangeDialog({ from: 'https://a.example', to: 'https://b.example:8443' });
    expect(options.message).toBe('Connect the console to b.example:8443?');
    expect(options.detail).toBe('You will be signed out, and what this computer kept for a.example is removed.');
    expect(options.buttons).toEqual(['Change server', 'Cancel']);
    expect(options).toMatchObject({ type: 'warning', defaultId: 1, cancelId: 1 });
  });

  it('names how many waiting changes would be lost', () => {
    expect(serverChangeDialog({ from: 'https://a.example', to: 'https://b.example', waitingChanges: 3 })).toMatchObject(
      {
        detail: expect.stringContaining('3 changes waiting to be sent to a.example would be lost.'),
        buttons: ['Change server and lose them', 'Cancel'],
      },
    );
    expect(serverChangeDialog({ from: 'https://a.example', to: 'https://b.example', waitingChanges: 1 })).toMatchObject(
      {
        detail: expect.stringContaining('1 change waiting'),
        buttons: ['Change server and lose it', 'Cancel'],
      },
    );
  });
});
