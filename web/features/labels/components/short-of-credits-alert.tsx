import { Alert, Button, Stack } from '@chakra-ui/react';
import { formatUsd } from '@domain/money';
import { TextLink } from '@/components/text-link';
import { paths } from '@/lib/paths';

interface ShortOfCreditsAlertProps {
  /** What a card would pay for this label (the server's 402 `shortfallCents`); no offer without it. */
  shortfallCents?: number;
  /** Pays that by card, then buys the label (the browser leaves for the checkout). */
  onPayShortfall?: () => void;
  busy?: boolean;
}

/** After a 402: the balance is short; the wallet, or a card for the difference, is the way on. */
export function ShortOfCreditsAlert({ shortfallCents, onPayShortfall, busy }: ShortOfCreditsAlertProps) {
  const offer = shortfallCents !== undefined && shortfallCents > 0 && onPayShortfall;
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your wallet balance is too low for this label.</Alert.Title>
        <Stack gap="2" align="start">
          <Alert.Description>
            Add balance in the <TextLink to={paths.user.wallet}>Account Wallet</TextLink>, or pay {offer ? 'the difference by card.' : 'by card.'}
          </Alert.Description>
          {offer && (
            <Button size="sm" colorPalette="blue" variant="outline" onClick={onPayShortfall} loading={busy}>
              Pay {formatUsd(shortfallCents)} by card and buy
            </Button>
          )}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
