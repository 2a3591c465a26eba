import { Alert, Button, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { LuDownload, LuUpload } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { BATCH_MAX_BYTES, BATCH_MAX_ROWS } from '@domain/constants';
import { errorMessage, isNetworkError } from '@/api-client/client';
import { Form } from '@/components/form';
import { FormField } from '@/components/form-field';
import { notifyError } from '@/components/notify';
import { useSavedAddresses } from '@/features/addresses';
import { batchPagePath } from '@/lib/paths';
import { saveBlob } from '@/lib/save-file';
import { downloadTemplate } from '../api/batch-files';
import { uploadBatch } from '../api/upload-batch';

const limits = `Up to ${BATCH_MAX_ROWS} rows and ${BATCH_MAX_BYTES / 1024 / 1024} MB, UTF-8, with the template's header row.`;

/** The template's button: the header row to fill in a spreadsheet. */
function DownloadTemplateButton() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveBlob(await downloadTemplate(), 'batch-labels-template.csv');
    } catch (error) {
      if (!isNetworkError(error)) notifyError('Failed to download the template. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" loading={busy} onClick={() => void download()}>
      <LuDownload aria-hidden />
      Download template
    </Button>
  );
}

/**
 * Uploads a CSV of label rows (the template's columns) and opens the new batch's preview. The file
 * goes as it is: the server checks the encoding, the columns and the limits, and a refusal's message
 * shows here. A saved address may stand in for every blank sender cell.
 */
export function UploadBatchForm() {
  const navigate = useNavigate();
  const addresses = useSavedAddresses(true);
  const [file, setFile] = useState<File | null>(null);
  const [fromAddressId, setFromAddressId] = useState('');
  const [fileError, setFileError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(undefined);
    if (!file) return setFileError('Choose a CSV file');
    // The same limit the server applies, said before a large file is sent for nothing.
    if (file.size > BATCH_MAX_BYTES) return setFileError(`The file is larger than ${BATCH_MAX_BYTES / 1024 / 1024} MB`);
    setFileError(undefined);
    setBusy(true);
    try {
      const batch = await uploadBatch({ csv: file, fromAddressId: fromAddressId || undefined });
      void navigate(batchPagePath(batch.batchId));
    } catch (error) {
      setRefusal(errorMessage(error, 'The file could not be uploaded. Please try again.'));
      setBusy(false);
    }
  }

  return (
    <Stack gap="6" maxW="xl">
      <HStack>
        <DownloadTemplateButton />
      </HStack>
      <Form onSubmit={onSubmit}>
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The CSV was not accepted</Alert.Title>
              <Alert.Description>{refusal}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <FormField label="Sender" helper="Fills every blank sender cell (fromName … fromCountry) of the file.">
          <NativeSelect.Root>
            <NativeSelect.Field value={fromAddressId} onChange={(e) => setFromAddressId(e.currentTarget.value)}>
              <option value="">As in the file</option>
              {addresses.map((a) => (
                <option key={a.id} value={a.id}>
                  {[a.name, a.street, a.city].join(', ')}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <FormField label="CSV file" helper={limits} error={fileError} required>
          <Input
            type="file"
            accept=".csv,text/csv"
            p="1.5"
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setFileError(undefined);
            }}
          />
        </FormField>
        <HStack>
          <Button type="submit" colorPalette="blue" loading={busy}>
            <LuUpload aria-hidden />
            Upload
          </Button>
        </HStack>
      </Form>
    </Stack>
  );
}
