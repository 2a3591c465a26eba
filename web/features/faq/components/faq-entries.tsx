/**
 * The FAQ's questions and answers: SPEC section 1's facts, with figures read from the same
 * constants and catalogue the server uses, so an answer cannot drift from what is charged.
 */
import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { WEIGHT_BAND_LB, WEIGHT_MAX_LB } from '@domain/constants';
import { LabelPriceTable } from './label-price-table';

export interface FaqEntry {
  /** Stable id for the accordion. */
  id: string;
  question: string;
  answer: ReactNode;
}

export const faqEntries: FaqEntry[] = [
  {
    id: 'weight',
    question: 'What is the maximum weight of a package?',
    answer: (
      <Text>
        {WEIGHT_MAX_LB} lbs. A label can be bought for any package up to {WEIGHT_MAX_LB} lbs; heavier packages cannot be shipped with our labels.
      </Text>
    ),
  },
  {
    id: 'prices',
    question: 'How much does a label cost?',
    answer: (
      <>
        <Text>One flat price per label, set by the service and the package's weight (packages over {WEIGHT_BAND_LB} lbs are in the higher band):</Text>
        <LabelPriceTable />
        <Text>The Create Label dialog shows the exact price before you pay.</Text>
      </>
    ),
  },
  {
    id: 'where',
    question: 'Where can I ship to?',
    answer: <Text>USPS domestic shipping only: addresses in the US states, DC, US territories and military (APO/FPO/DPO) addresses.</Text>,
  },
  {
    id: 'deposits',
    question: 'How fast are deposits added to my balance?',
    answer: (
      <Text>
        Card deposits are instant: the balance updates as soon as the payment completes. Crypto deposits take a few minutes, until the payment is confirmed.
      </Text>
    ),
  },
  {
    id: 'withdraw',
    question: 'Can I withdraw credits I have not used?',
    answer: (
      <Text>
        Yes, once every 30 days. On Account Wallet choose Withdraw balance and enter the amount, up to your available balance. The amount goes on hold at once
        (it stays in your balance but cannot be spent) until we pay it back: as a refund to the card you topped up with, newest payments first, and any rest
        another way we agree with you. You get an email when the request is received, and when it is paid back or declined (a declined amount returns to your
        available balance).
      </Text>
    ),
  },
  {
    id: 'use-by',
    question: 'How long can I wait before shipping with a label?',
    answer: <Text>Use your label within about 2 days of creating it: drop the package off or hand it to your carrier by then.</Text>,
  },
  {
    id: 'tracking',
    question: 'How do I track a package?',
    answer: (
      <Text>
        Open Track Package and enter the tracking number from your label, or open it from the tracking number in your shipments list. You see the status, the
        estimated delivery and every scan so far.
      </Text>
    ),
  },
  {
    id: 'addresses',
    question: 'Can I save addresses I use often?',
    answer: (
      <Text>
        Yes. Add them on Manage Addresses, or with Save Address in the Create Label dialog, and pick them from the street field's list when you create a label.
      </Text>
    ),
  },
  {
    id: 'packages',
    question: 'Can I save the boxes I ship often?',
    answer: (
      <Text>
        Yes. Name a weight and size on Saved Packages and pick it in the Create Label dialog; the one you make the default is filled in when the dialog opens.
        In a batch CSV, name it in the package column, or leave the weight and sizes blank to use the default.
      </Text>
    ),
  },
  {
    id: 'sample',
    question: 'Why does my label say SAMPLE?',
    answer: (
      <Text>
        A test or local installation of PrepaidShip uses a sandbox carrier: its labels are samples marked “SAMPLE - NOT VALID FOR POSTAGE” and cannot be mailed.
        Labels bought on the live service are real USPS labels.
      </Text>
    ),
  },
  {
    id: 'contact',
    question: 'How can I reach support?',
    answer: <Text>Send us a message with the Support form and we reply by email. We also have a support text line: contact support for the number.</Text>,
  },
];
