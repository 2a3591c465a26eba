import { Accordion, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { LuMessageCircle } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { preloadOnIntent } from '@/lib/route-preload';
import { PageTitle } from '@/components/page-title';
import { useDashboardPaths } from '@/components/use-dashboard-paths';
import { faqEntries } from '../components/faq-entries';

/** SPEC section 2's FAQ: collapsible answers, then Contact Support (the support page of this area). */
export function FaqPage() {
  const { support } = useDashboardPaths();
  return (
    <>
      <PageTitle>FAQ</PageTitle>
      <Accordion.Root collapsible multiple variant="enclosed" maxW="3xl" mb="8">
        {faqEntries.map(({ id, question, answer }) => (
          <Accordion.Item key={id} value={id}>
            <Heading as="h2" size="sm">
              <Accordion.ItemTrigger cursor="pointer">
                <Text flex="1" textAlign="start">
                  {question}
                </Text>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
            </Heading>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                <Stack gap="2">{answer}</Stack>
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <Stack gap="3" align="start">
        <Text>Still have a question?</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to={support} {...preloadOnIntent(support)}>
            <LuMessageCircle aria-hidden /> Contact Support
          </RouterLink>
        </Button>
      </Stack>
    </>
  );
}
