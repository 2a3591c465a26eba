import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import type { Address } from '@domain/schemas/addresses';
import type { AddressFinding } from '../lib/check-addresses';

interface AddressCheckPanelProps {
  findings: AddressFinding[];
  /** Fills the suggested fields and goes on (one click). Offered when any finding has a suggestion. */
  onUseSuggested: () => void;
  /** Goes on with the addresses as entered. */
  onKeep: () => void;
  busy?: boolean;
}

/** One address on three to five short lines, as an envelope shows it. */
function AddressLines({ address }: { address: Address }) {
  const lines = [address.name, address.company, address.street, address.street2, `${address.city}, ${address.state} ${address.zip}`];
  return (
    <Text as="span" display="block" whiteSpace="pre-line">
      {lines.filter(Boolean).join('\n')}
    </Text>
  );
}

/** What the check says the place is; nothing when it cannot say. Only for reading: no price depends on it. */
const placeKind = (residential: boolean | null) => (residential === true ? 'Residential address' : residential === false ? 'Business address' : null);

/**
 * What the address check found, per address: what was entered beside what the carrier would use,
 * and why. A labelled region that takes the focus when it appears (a screen reader hears its
 * heading; a keyboard lands on its buttons next), in one column on phones.
 */
export function AddressCheckPanel({ findings, onUseSuggested, onKeep, busy }: AddressCheckPanelProps) {
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [findings]);
  const suggestions = findings.filter((f) => f.check.suggestion).length;

  return (
    <Box
      as="section"
      ref={ref}
      tabIndex={-1}
      aria-labelledby={headingId}
      borderWidth="1px"
      borderColor="orange.solid"
      bg="orange.subtle"
      rounded="l2"
      p="4"
      outline="none"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
    >
      <Heading as="h3" size="md" id={headingId} mb="3">
        Check the {findings.length > 1 ? 'addresses' : 'address'}
      </Heading>
      <Stack gap="4">
        {findings.map((f) => (
          <Stack key={f.key} gap="2" aria-label={`${f.label} address check`} role="group">
            <Text fontWeight="semibold">{f.label}</Text>
            {placeKind(f.check.residential) && (
              <Text fontSize="sm" color="fg.muted">
                {placeKind(f.check.residential)}
              </Text>
            )}
            {f.check.messages.length > 0 && (
              <Stack as="ul" gap="1" ps="5" listStyleType="disc">
                {f.check.messages.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </Stack>
            )}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              <Box>
                <Text fontSize="sm" color="fg.muted">
                  You entered
                </Text>
                <AddressLines address={f.address} />
              </Box>
              <Box>
                <Text fontSize="sm" color="fg.muted">
                  Suggested
                </Text>
                {f.check.suggestion ? <AddressLines address={f.check.suggestion} /> : <Text>No suggestion: please check this address.</Text>}
              </Box>
            </SimpleGrid>
          </Stack>
        ))}
        <HStack gap="3" wrap="wrap">
          {suggestions > 0 && (
            <Button colorPalette="blue" onClick={onUseSuggested} loading={busy}>
              Use suggested {suggestions > 1 ? 'addresses' : 'address'}
            </Button>
          )}
          <Button variant="outline" onClick={onKeep} disabled={busy}>
            Keep my {findings.length > 1 ? 'addresses' : 'address'}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
