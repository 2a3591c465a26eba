/**
 * /unsubscribe?token=: the page a notice mail's "Unsubscribe" link opens. One button, so
 * a mail scanner that follows links (a GET) never unsubscribes anyone; the click POSTs the signed
 * token, which says who and what. No sign-in needed: recipients have no account.
 */
import { Alert, Button, Container, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/api-client/client';
import { PageTitle } from '@/components/page-title';
import { useUnsubscribe } from '../api/unsubscribe';

export function UnsubscribePage() {
  const token = useSearchParams()[0].get('token');
  const { trigger, data, error, isMutating } = useUnsubscribe();

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <PageTitle>Unsubscribe</PageTitle>
      <Stack gap="6">
        {!token ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>This unsubscribe link is incomplete: it has no token. Open the link from the email again.</Alert.Description>
          </Alert.Root>
        ) : data ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{data.message}</Alert.Description>
          </Alert.Root>
        ) : (
          <>
            <Text>Stop getting these tracking emails from PrepaidShip?</Text>
            {error !== undefined && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Description>{errorMessage(error, 'Could not unsubscribe. Please try again.')}</Alert.Description>
              </Alert.Root>
            )}
            <Button colorPalette="blue" alignSelf="start" loading={isMutating} onClick={() => void trigger(token).catch(() => undefined)}>
              Unsubscribe
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
