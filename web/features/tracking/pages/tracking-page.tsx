import { Button, Card, Heading, Input } from '@chakra-ui/react';
import { zodResolver } from '@/lib/zod-form';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LuSearch } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import type * as z from '@domain/schemas/zod';
import { trackSchema } from '@domain/schemas/tracking';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyApiError } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import type { TrackingResult } from '@domain/api/tracking';
import { useTrackPackage } from '../api/track-package';
import { CheckpointsTable } from '../components/checkpoints-table';
import { TrackingSummary } from '../components/tracking-summary';

type TrackForm = z.input<typeof trackSchema>;

/**
 * SPEC section 2's Track Package. `?number=` fills the field and tracks it at once (the shipments
 * table links here); each search writes its number back to the address, so a reload or a shared
 * link shows the same package.
 */
export function TrackingPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once: each search writes its number to the address, which must not track it again.
  const [arrivalNumber] = useState(() => searchParams.get('number') ?? '');
  const { trigger: track } = useTrackPackage();
  const [tracking, setTracking] = useState<TrackingResult>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TrackForm, unknown, z.output<typeof trackSchema>>({
    resolver: zodResolver(trackSchema),
    defaultValues: { trackingNumber: arrivalNumber },
  });

  const onSubmit = handleSubmit(async ({ trackingNumber }) => {
    setSearchParams({ number: trackingNumber }, { replace: true });
    try {
      setTracking(await track({ trackingNumber }));
    } catch (error) {
      // Never leave another package's result under a number that failed.
      setTracking(undefined);
      notifyApiError('Failed to track package', error);
    }
  });

  // Track a linked number once on arrival (a ref, so React's development double effects do not ask twice).
  const trackedOnArrival = useRef(false);
  useEffect(() => {
    if (arrivalNumber && !trackedOnArrival.current) {
      trackedOnArrival.current = true;
      void onSubmit();
    }
  }, [arrivalNumber, onSubmit]);

  return (
    <>
      <PageTitle>Track Package</PageTitle>
      <Card.Root maxW="2xl" mb="8">
        <Card.Body>
          <Form onSubmit={onSubmit}>
            <FormField label="Tracking number" error={errors.trackingNumber?.message} required>
              <Input autoComplete="off" spellCheck={false} placeholder="9400 1000 0000 0000 0000 00" {...register('trackingNumber')} />
            </FormField>
            <Button type="submit" colorPalette="blue" alignSelf="start" loading={isSubmitting}>
              <LuSearch aria-hidden /> Track Package
            </Button>
          </Form>
        </Card.Body>
      </Card.Root>
      {tracking && (
        <section aria-label="Tracking result">
          <TrackingSummary tracking={tracking} />
          <Heading as="h2" size="lg" mb="4">
            Checkpoints
          </Heading>
          <CheckpointsTable checkpoints={tracking.checkpoints} />
        </section>
      )}
    </>
  );
}
