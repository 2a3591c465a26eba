import { Alert } from '@chakra-ui/react';
import { TextLink } from '@/components/text-link';
import { paths } from '@/lib/paths';

/** After a 402: the balance is short; the wallet (or a card) is the way on. */
export function ShortOfCreditsAlert() {
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Your wallet balance is too low for this label.</Alert.Title>
        <Alert.Description>
          Add balance in the <TextLink to={paths.user.wallet}>Account Wallet</TextLink>, or pay by card.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
