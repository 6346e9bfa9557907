import { LoadingScreen } from './LoadingScreen';

export default function SpinnerPage() {
  return <LoadingScreen isPage />;
}
