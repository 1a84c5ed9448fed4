import { ConnectSection } from '../../../components/home/ConnectSection';

export default function ConnectPage() {
  return <ConnectSection level={1} />;
}
