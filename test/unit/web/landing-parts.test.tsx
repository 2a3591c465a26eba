// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROMO_ENDS_AT } from '@domain/constants';
import { savingColour } from '@domain/pricing';
import { AppProvider } from '@/app/provider';
import { PromoCountdown } from '@/features/landing/components/promo-countdown';
import { countdownParts, promoEndsAt } from '@/features/landing/lib/promo';
import { activeSectionId, LANDING_SECTIONS, scrollTargetFor } from '@/features/landing/lib/side-nav';
import { setupPageTests } from './page-test-setup';

setupPageTests();

const sections = [
  { id: 'home', top: 0 },
  { id: 'prices', top: 700 },
  { id: 'howto', top: 1200 },
  { id: 'savings', top: 1800 },
  { id: 'contact', top: 2600 },
];

describe('side navigation', () => {
  it('has the five buttons of SPEC section 2 in order', () => {
    expect(LANDING_SECTIONS.map((s) => [s.id, s.label])).toEqual([
      ['home', 'Home'],
      ['prices', 'Prices'],
      ['howto', 'How To'],
      ['savings', 'Savings'],
      ['contact', 'Contact'],
    ]);
  });

  it('makes active the last section starting at or above scrollY + 100', () => {
    expect(activeSectionId(sections, 0)).toBe('home');
    expect(activeSectionId(sections, 599)).toBe('home');
    expect(activeSectionId(sections, 600)).toBe('prices');
    expect(activeSectionId(sections, 1099)).toBe('prices');
    expect(activeSectionId(sections, 1100)).toBe('howto');
    expect(activeSectionId(sections, 1700)).toBe('savings');
    expect(activeSectionId(sections, 2500)).toBe('contact');
    expect(activeSectionId(sections, 99_999)).toBe('contact');
  });

  it('falls back to the first section above them all, the last one at the very bottom, and nothing without sections', () => {
    expect(activeSectionId([{ id: 'home', top: 300 }, ...sections.slice(1)], 0)).toBe('home');
    expect(activeSectionId(sections, 2000, true)).toBe('contact');
    expect(activeSectionId([], 0)).toBeUndefined();
  });

  it('scrolls to 80 px above a section, never above the page', () => {
    expect(scrollTargetFor(700)).toBe(620);
    expect(scrollTargetFor(50)).toBe(0);
  });
});

describe('savings colours', () => {
  it('is green up to $1 over ours, orange up to $3, red above', () => {
    expect(savingColour(600, 500)).toBe('green');
    expect(savingColour(601, 500)).toBe('orange');
    expect(savingColour(800, 500)).toBe('orange');
    expect(savingColour(801, 500)).toBe('red');
  });

  it('is green when the competitor costs the same as ours or less', () => {
    expect(savingColour(500, 500)).toBe('green');
    expect(savingColour(450, 500)).toBe('green');
  });

  it('measures from our heavy price ($6.00) above 30 lb the same way', () => {
    expect(savingColour(700, 600)).toBe('green');
    expect(savingColour(701, 600)).toBe('orange');
    expect(savingColour(900, 600)).toBe('orange');
    expect(savingColour(901, 600)).toBe('red');
  });
});

describe('promo countdown', () => {
  it('splits the time left into days, hours, minutes and seconds, and ends at zero', () => {
    const end = Date.UTC(2030, 0, 2, 3, 4, 5);
    expect(countdownParts(end, Date.UTC(2030, 0, 1))).toEqual({ days: 1, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(end, end - 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(end, end)).toBeNull();
    expect(countdownParts(end, end + 5000)).toBeNull();
  });

  it('rolls each unit over at its boundary and ends in the last second', () => {
    const end = Date.UTC(2030, 0, 2);
    expect(countdownParts(end, end - 86_400_000)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(end, end - 86_400_000 + 1000)).toEqual({ days: 0, hours: 23, minutes: 59, seconds: 59 });
    expect(countdownParts(end, end - 3_600_000)).toEqual({ days: 0, hours: 1, minutes: 0, seconds: 0 });
    expect(countdownParts(end, end - 60_000)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(countdownParts(end, end - 1500)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    // Whole seconds only: under one second left shows nothing rather than 00:00:00:00.
    expect(countdownParts(end, end - 999)).toBeNull();
    expect(countdownParts(end, end - 100 * 86_400_000)).toEqual({ days: 100, hours: 0, minutes: 0, seconds: 0 });
  });

  it("ends on the spec's date, whatever the build's environment says", () => {
    vi.stubEnv('VITE_PROMO_ENDS_AT', '2031-01-01T00:00:00Z');
    expect(promoEndsAt().getTime()).toBe(new Date(PROMO_ENDS_AT).getTime());
    expect(promoEndsAt().getFullYear()).toBe(2025);
    vi.unstubAllEnvs();
  });

  it('ticks each second and disappears at the end', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    render(
      <AppProvider>
        <PromoCountdown endsAt={new Date('2030-01-01T00:01:02Z')} />
      </AppProvider>,
    );
    expect(screen.getByRole('heading', { name: 'DEPOSIT $10 RECEIVE $5 CREDIT!' })).toBeInTheDocument();
    const timer = screen.getByRole('timer');
    const unit = (u: string) => timer.querySelector(`[data-unit="${u}"]`)?.textContent;
    expect([unit('days'), unit('hours'), unit('minutes'), unit('seconds')]).toEqual(['00', '00', '01', '02']);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(unit('seconds')).toBe('01');
    expect(unit('minutes')).toBe('01');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(unit('minutes')).toBe('00');
    expect(unit('seconds')).toBe('59');

    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByText('DEPOSIT $10 RECEIVE $5 CREDIT!')).not.toBeInTheDocument();
  });

  it('shows days and hours for a far end', () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
    render(
      <AppProvider>
        <PromoCountdown endsAt={new Date('2030-01-03T05:00:00Z')} />
      </AppProvider>,
    );
    const timer = screen.getByRole('timer');
    expect(timer.querySelector('[data-unit="days"]')?.textContent).toBe('02');
    expect(timer.querySelector('[data-unit="hours"]')?.textContent).toBe('05');
  });

  it("is not rendered after the spec's end date", () => {
    render(
      <AppProvider>
        <PromoCountdown />
      </AppProvider>,
    );
    expect(screen.queryByText('DEPOSIT $10 RECEIVE $5 CREDIT!')).not.toBeInTheDocument();
  });
});
