import {
  Activity,
  Archive,
  BadgeCheck,
  Banknote,
  Bell,
  Book,
  Box,
  Building,
  Calculator,
  Calendar,
  ChartColumn,
  ChartPie,
  CircleHelp,
  Clipboard,
  ClipboardCheck,
  Clock,
  Cog,
  CreditCard,
  Database,
  Download,
  FileCheck,
  FileSearch,
  FileText,
  Files,
  Folder,
  Gauge,
  Globe,
  HeartPulse,
  Hospital,
  House,
  IdCard,
  Info,
  Key,
  Landmark,
  Layers,
  Link,
  List,
  Lock,
  Mail,
  Map,
  MapPin,
  Megaphone,
  MessageSquare,
  Percent,
  Phone,
  Pill,
  Printer,
  Receipt,
  RefreshCw,
  Scale,
  Search,
  Send,
  Settings,
  Shield,
  SlidersHorizontal,
  Smile,
  Stethoscope,
  Syringe,
  Table,
  Tags,
  TrendingUp,
  Truck,
  Upload,
  User,
  UserCheck,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import { createRoot } from 'react-dom/client';
import type { IconName } from '../../../commands/icons';

/** Command icons (names are declared isomorphically in commands/icons.ts). */
export const ICONS: Record<IconName, LucideIcon> = {
  'home': House,
  'folder': Folder,
  'users': Users,
  'user': User,
  'user-check': UserCheck,
  'id-card': IdCard,
  'building': Building,
  'hospital': Hospital,
  'stethoscope': Stethoscope,
  'pill': Pill,
  'syringe': Syringe,
  'tooth': Smile,
  'file-text': FileText,
  'file-check': FileCheck,
  'file-search': FileSearch,
  'files': Files,
  'clipboard': Clipboard,
  'clipboard-check': ClipboardCheck,
  'table': Table,
  'list': List,
  'tags': Tags,
  'book': Book,
  'landmark': Landmark,
  'wallet': Wallet,
  'banknote': Banknote,
  'receipt': Receipt,
  'credit-card': CreditCard,
  'calculator': Calculator,
  'percent': Percent,
  'chart': ChartColumn,
  'chart-pie': ChartPie,
  'trending-up': TrendingUp,
  'shield': Shield,
  'lock': Lock,
  'key': Key,
  'settings': Settings,
  'sliders': SlidersHorizontal,
  'map': Map,
  'map-pin': MapPin,
  'globe': Globe,
  'calendar': Calendar,
  'clock': Clock,
  'bell': Bell,
  'megaphone': Megaphone,
  'message': MessageSquare,
  'help': CircleHelp,
  'info': Info,
  'search': Search,
  'download': Download,
  'upload': Upload,
  'refresh': RefreshCw,
  'send': Send,
  'printer': Printer,
  'archive': Archive,
  'database': Database,
  'activity': Activity,
  'heart-pulse': HeartPulse,
  'badge-check': BadgeCheck,
  'scale': Scale,
  'link': Link,
  'phone': Phone,
  'mail': Mail,
  'box': Box,
  'truck': Truck,
  'layers': Layers,
  'gauge': Gauge,
  'cog': Cog,
};

export function Icon({ name, size = 18, className }: { name: IconName; size?: number; className?: string }) {
  const C = ICONS[name] ?? ICONS.folder;
  return <C size={size} className={className} aria-hidden="true" strokeWidth={1.75} />;
}

/**
 * Icons that change often in place (the palette's rows, which update on every keystroke): a `<use>` of a symbol
 * drawn once per page, so changing the icon is one attribute, not a new SVG tree built by React.
 */
export function SpriteIcon({ name, size = 18 }: { name: IconName; size?: number }) {
  ensureSprite();
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <use href={`#icone-${ICONS[name] ? name : 'folder'}`} />
    </svg>
  );
}

let sprite = false;
function ensureSprite() {
  if (sprite || typeof document === 'undefined') return;
  sprite = true;
  const host = document.createElement('div');
  host.hidden = true;
  document.body.append(host);
  // every command icon as a <symbol>, from the same lucide drawings (rendered once, off screen)
  createRoot(host).render(
    <svg xmlns="http://www.w3.org/2000/svg">
      {Object.entries(ICONS).map(([n, C]) => (
        <symbol key={n} id={`icone-${n}`} viewBox="0 0 24 24">
          <C size={24} strokeWidth={1.75} />
        </symbol>
      ))}
    </svg>,
  );
}
