// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession, getSession, markSessionVerified, startSession, updateSessionUser, useSession } from '@/lib/session';

const ann = { id: 'u1', name: 'Ann', email: 'ann@example.com', role: 'user' };

afterEach(() => {
  cleanup();
  endSession();
});

describe('session', () => {
  it('login stores token and user with isVerified false; verification stores the new token', () => {
    startSession('login-token', ann);
    expect(localStorage.getItem('token')).toBe('login-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual(ann);
    expect(localStorage.getItem('isVerified')).toBe('false');

    markSessionVerified('full-token');
    expect(getSession()).toEqual({ token: 'full-token', user: ann, isVerified: true });
    expect(localStorage.getItem('isVerified')).toBe('true');
  });

  it('merges a profile update into the stored user', () => {
    startSession('t', ann);
    updateSessionUser({ name: 'Ann Lee' });
    expect(JSON.parse(localStorage.getItem('user') ?? '').name).toBe('Ann Lee');
  });

  it('logout removes token and user', () => {
    startSession('t', ann);
    endSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getSession().user).toBeNull();
  });

  it('logs this tab out when another tab removes the token', () => {
    startSession('t', ann);
    markSessionVerified();
    function Who() {
      return <p>{useSession().user?.name ?? 'signed out'}</p>;
    }
    render(<Who />);
    expect(screen.getByText('Ann')).toBeInTheDocument();

    // What the browser does here when the other tab logs out.
    localStorage.removeItem('token');
    localStorage.removeItem('user');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 't', newValue: null }));
    });

    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(getSession().token).toBeNull();
  });
});
