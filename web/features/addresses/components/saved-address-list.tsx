import { Box, Text } from '@chakra-ui/react';
import type { SavedAddress } from '@domain/api/addresses';

/** "Acme, 12 Main St, Suite 200, Springfield, IL 62701, US": the parts an entry shows after its name; those present. */
export function addressLine(a: SavedAddress): string {
  return [a.company, a.street, a.street2, a.city, [a.state, a.zip].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');
}

interface SavedAddressListProps {
  /** The listbox's id, for the street field's `aria-controls`. */
  id: string;
  heading: string;
  addresses: SavedAddress[];
  /** The entry the arrow keys are on (-1 for none); its id is `${id}-${index}`. */
  activeIndex: number;
  onChoose: (address: SavedAddress) => void;
}

/**
 * SPEC section 2's saved-address dropdown: a heading, then each saved address (name, or 'Untitled
 * Address') or 'No saved addresses found'; at most 15rem high, then it scrolls. A mousedown inside
 * keeps focus on the street field, so scrolling the list or clicking an entry never closes it early.
 */
export function SavedAddressList({ id, heading, addresses, activeIndex, onChoose }: SavedAddressListProps) {
  const headingId = `${id}-heading`;
  return (
    <Box
      position="absolute"
      top="100%"
      insetX="0"
      mt="1"
      zIndex="dropdown"
      maxH="15rem"
      overflowY="auto"
      bg="bg.panel"
      borderWidth="1px"
      rounded="md"
      shadow="md"
      py="2"
      onMouseDown={(event) => event.preventDefault()}
    >
      <Text id={headingId} px="3" pb="1" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
        {heading}
      </Text>
      {addresses.length === 0 ? (
        <Text px="3" py="2" fontSize="sm" color="fg.muted">
          No saved addresses found
        </Text>
      ) : (
        <Box as="ul" role="listbox" id={id} aria-labelledby={headingId} listStyleType="none">
          {addresses.map((address, index) => (
            <Box
              as="li"
              key={address.id}
              id={`${id}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              px="3"
              py="2"
              cursor="pointer"
              bg={index === activeIndex ? 'bg.emphasized' : undefined}
              _hover={{ bg: 'bg.muted' }}
              onClick={() => onChoose(address)}
            >
              <Text fontSize="sm" fontWeight="medium">
                {address.name || 'Untitled Address'}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {addressLine(address)}
              </Text>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
