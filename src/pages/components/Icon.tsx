/**
 * Maps the icon names used in the content module to lucide icons. They render
 * to plain SVG on the server, so they cost the browser no JavaScript.
 */
import { GraduationCap, Presentation, Target, Users, Workflow, type LucideIcon } from 'lucide-react';
import type { ServiceIcon } from '../../content/content';

const icons: Record<ServiceIcon, LucideIcon> = {
  target: Target,
  users: Users,
  workflow: Workflow,
  'graduation-cap': GraduationCap,
  presentation: Presentation,
};

export function ServiceIconSvg({ name }: { name: ServiceIcon }) {
  const Svg = icons[name];
  return <Svg className="icon" aria-hidden="true" focusable="false" size={28} strokeWidth={1.75} />;
}
