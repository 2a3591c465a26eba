import { Icon, List, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuCircle, LuCircleCheck } from 'react-icons/lu';
import { PASSWORD_RULES } from '@domain/schemas/fields';

/**
 * The sign-up password rules, each ticking as it is met while the person types (SPEC section 5).
 * The rules come from the same list the server validates with, so the two never disagree.
 */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <List.Root role="list" listStyleType="none" gap="1" mt="1" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <List.Item key={rule.id} data-state={met ? 'met' : 'unmet'} display="flex" alignItems="center" gap="2" color={met ? 'green.fg' : 'fg.muted'}>
            <Icon boxSize="4">{met ? <LuCircleCheck aria-hidden /> : <LuCircle aria-hidden />}</Icon>
            <Text as="span">{rule.label}</Text>
            <VisuallyHidden>{met ? '(met)' : '(not met yet)'}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
