import { Menu } from 'lucide-react';
import iconStyles from './icon-button.module.css';
import type { MenuDrawerProps } from './menu-drawer.tsx';
import { useDeferredModule } from './use-deferred-module.ts';

const loadMenuDrawer = () => import('./menu-drawer.tsx');

/**
 * The menu button of every page. The drawer's code (Radix's dialog) loads when the shopper first reaches
 * for the button, not with the page; until then the button is plain HTML, and a click opens the drawer as
 * soon as its code is there.
 */
export function DeferredMenuDrawer(props: MenuDrawerProps) {
  const drawer = useDeferredModule(loadMenuDrawer);
  const MenuDrawer = drawer.requested ? drawer.module?.MenuDrawer : undefined;
  if (MenuDrawer) return <MenuDrawer {...props} defaultOpen />;
  return (
    <button
      type="button"
      className={iconStyles.iconButton}
      aria-label={props.openLabel}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={drawer.prefetch}
      onFocus={drawer.prefetch}
      onClick={drawer.request}
    >
      <Menu aria-hidden="true" />
    </button>
  );
}
