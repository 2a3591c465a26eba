import { Box, Button, Stack } from '@chakra-ui/react';
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

/** Fixed side navigation of the landing page; hidden at 768 px or narrower. */
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
      css={{ '@media (max-width: 768px)': { display: 'none' } }}
    >
      <Stack gap="1">
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
