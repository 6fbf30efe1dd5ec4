import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonVariant } from '../../ui/Button';
import type { Size } from '../../ui/size';
import { useAuth } from './AuthProvider';

/** Signs out and lands on the home page. */
export function useSignOut() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  // Home first: a signed-in page left behind would otherwise send the member on to sign in again.
  const signOut = async () => {
    setLeaving(true);
    await navigate('/');
    await logout();
    setLeaving(false);
  };
  return { signOut, leaving };
}

export interface SignOutButtonProps {
  size?: Size;
  variant?: ButtonVariant;
  className?: string;
}

export function SignOutButton({ size = 'sm', variant = 'ghost', className }: SignOutButtonProps) {
  const { signOut, leaving } = useSignOut();
  return (
    <Button size={size} variant={variant} className={className} onClick={() => void signOut()} loading={leaving}>
      Sign out
    </Button>
  );
}
