import { Box, Field, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { WEIGHT_MAX_LB, WEIGHT_MIN_LB } from '@domain/constants';
import { centsToDollars, formatUsd } from '@domain/money';
import { INITIAL_SAVINGS_CENTS, parseLandingWeight, savingColour, savingsComparison, type SavingsComparison } from '@domain/pricing';
import { useIsMobile } from '@/hooks/use-is-mobile';

const competitors = [
  { key: 'uspsPrice', name: 'USPS retail rate' },
  { key: 'shippoPrice', name: 'Other label service A' },
  { key: 'pirateShipPrice', name: 'Other label service B' },
] as const;

const colourToken = { green: 'green.600', orange: 'orange.600', red: 'red.600' } as const;

/**
 * Why the weight priced differs from what was typed (100 -> 70, 2.5 -> 2, abc -> 1), or null when it
 * does not: the person must see which weight the figures are for, not another one silently.
 */
export function weightNote(typed: string, weight: number): string | null {
  const text = typed.trim();
  if (text === '' || text === String(weight)) return null;
  const unit = (n: number) => `${n} lb${n === 1 ? '' : 's'}`;
  const n = Number(text);
  if (Number.isFinite(n) && n > WEIGHT_MAX_LB) return `Labels go up to ${unit(WEIGHT_MAX_LB)}, so ${text} counts as ${WEIGHT_MAX_LB}.`;
  if (Number.isFinite(n) && n >= WEIGHT_MIN_LB) return `Weights count in whole pounds, so ${text} counts as ${weight}.`;
  return `The lightest weight is ${unit(WEIGHT_MIN_LB)}, so ${text} counts as ${weight}.`;
}

/** The savings calculator: a weight, our price and three competitors' with the saving against each. */
export function SavingsCalculator() {
  const isMobile = useIsMobile();
  return <Calculator key={isMobile ? 'text' : 'number'} isMobile={isMobile} />;
}

function Calculator({ isMobile }: { isMobile: boolean }) {
  const [input, setInput] = useState(isMobile ? '' : String(WEIGHT_MIN_LB));
  const [figures, setFigures] = useState<{ weight: number; prices: SavingsComparison } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const prices = figures?.prices ?? INITIAL_SAVINGS_CENTS;
  const onChange = (value: string) => {
    setInput(value);
    const weight = parseLandingWeight(value);
    setFigures({ weight, prices: savingsComparison(weight) });
    setNote(weightNote(value, weight));
  };
  // Leaving the field puts the weight priced in it; the note stays to say why it changed.
  const onBlur = () => {
    if (figures && input.trim() !== '' && input.trim() !== String(figures.weight)) setInput(String(figures.weight));
  };
  return (
    <Box mt="6" borderWidth="1px" rounded="l3" p={{ base: '4', md: '6' }} bg="bg.panel">
      <Field.Root maxW="xs">
        <Field.Label>Package weight (lbs)</Field.Label>
        {isMobile ? (
          <Input type="text" inputMode="numeric" placeholder="1-70" value={input} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />
        ) : (
          <Input type="number" min={WEIGHT_MIN_LB} max={WEIGHT_MAX_LB} step={1} value={input} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />
        )}
        <Field.HelperText aria-live="polite">
          <span>
            {figures ? `Prices for ${figures.weight} lb${figures.weight === 1 ? '' : 's'}` : `Whole pounds from ${WEIGHT_MIN_LB} to ${WEIGHT_MAX_LB}`}
          </span>
          {note && (
            <Text as="span" display="block" data-testid="weight-note">
              {note}
            </Text>
          )}
        </Field.HelperText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" mt="5">
        <Box borderWidth="2px" borderColor="blue.solid" rounded="l2" p="4" data-testid="price-ours">
          <Text fontSize="sm" color="fg.muted">
            PrepaidShip
          </Text>
          <Text fontSize="2xl" fontWeight="bold" color="blue.fg" data-testid="price-ours-value">
            {formatUsd(prices.ourPrice)}
          </Text>
        </Box>
        {competitors.map(({ key, name }) => {
          const colour = savingColour(prices[key], prices.ourPrice);
          return (
            <Box key={key} borderWidth="1px" rounded="l2" p="4" data-testid={`price-${key}`}>
              <Text fontSize="sm" color="fg.muted">
                {name}
              </Text>
              <Text fontSize="2xl" fontWeight="bold" color={colourToken[colour]} data-colour={colour} data-testid={`price-${key}-value`}>
                {formatUsd(prices[key])}
              </Text>
              <Text fontSize="sm" data-testid={`saving-${key}`}>
                You save ${centsToDollars(prices[key] - prices.ourPrice)}
              </Text>
            </Box>
          );
        })}
      </SimpleGrid>
      <Text mt="3" fontSize="xs" color="fg.muted">
        Competitor prices are estimates for comparison only.
      </Text>
    </Box>
  );
}
