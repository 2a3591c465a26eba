import { Box, Button, Stack } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { useEffect, useState } from 'react';
import { activeSectionId, LANDING_SECTIONS, scrollTargetFor, type SectionOffset } from '../lib/side-nav';

const documentTop = (el: HTMLElement) => el.getBoundingClientRect().top + window.scrollY;

function measure(): SectionOffset[] {
  return LANDING_SECTIONS.flatMap(({ id }) => {
    const el = document.getElementById(id);
    return el ? [{ id, top: documentTop(el) }] : [];
  });
}

function currentSection(): string | undefined {
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  return activeSectionId(measure(), window.scrollY, atBottom);
}

/** Smooth-scrolls to a landing section, leaving 80 px above it (SPEC section 2). */
export function scrollToSection(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  window.scrollTo({ top: scrollTargetFor(documentTop(el)), behavior: 'smooth' });
}

const narrow = '@media (max-width: 768px)';
/** The bar's height on narrow screens; the page keeps this much room below its footer. */
const BAR_HEIGHT = '3.25rem';

/**
 * The landing page's fixed navigation (SPEC section 2). On wide screens a column of buttons at the
 * left edge; at 768 px and narrower the same buttons in one row, a bar along the bottom of the
 * screen, and the page gets the bar's height of room at its end so the bar never hides the last
 * lines (the footer's support link). CSS decides which form shows, so the first paint is right.
 */
export function SideNav() {
  const [active, setActive] = useState<string | undefined>('home');
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(currentSection()));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return (
    <Box
      as="nav"
      aria-label="Page sections"
      position="fixed"
      left="3"
      top="50%"
      transform="translateY(-50%)"
      zIndex="docked"
      bg="bg.panel"
      borderWidth="1px"
      rounded="l3"
      shadow="sm"
      p="1.5"
      css={{
        [narrow]: {
          top: 'auto',
          bottom: '0',
          left: '0',
          right: '0',
          transform: 'none',
          rounded: 'none',
          borderWidth: '0',
          borderTopWidth: '1px',
          p: '1',
          h: `calc(${BAR_HEIGHT} + env(safe-area-inset-bottom, 0px))`,
          pb: 'calc(0.25rem + env(safe-area-inset-bottom, 0px))',
        },
      }}
    >
      <Global styles={{ [narrow]: { body: { paddingBottom: `calc(${BAR_HEIGHT} + env(safe-area-inset-bottom, 0px))` } } }} />
      <Stack gap="1" css={{ [narrow]: { flexDirection: 'row', h: 'full' } }}>
        {LANDING_SECTIONS.map(({ id, label }) => {
          const isActive = active === id;
          return (
            <Button
              key={id}
              size="sm"
              justifyContent="flex-start"
              variant={isActive ? 'solid' : 'ghost'}
              colorPalette="blue"
              aria-current={isActive ? 'true' : undefined}
              css={{ [narrow]: { flex: '1', minW: '0', h: 'full', px: '1', justifyContent: 'center', fontSize: 'xs' } }}
              onClick={() => {
                setActive(id);
                scrollToSection(id);
              }}
            >
              {label}
            </Button>
          );
        })}
      </Stack>
    </Box>
  );
}
