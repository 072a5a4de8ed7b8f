import { useMemo } from 'react';
import { useLocale, useMessages } from '../../i18n/i18n-context.tsx';
import { localizeCategories } from '../../lib/catalogue/category-links.ts';
import { heroImages } from '../../lib/home/hero-images.ts';
import { useSiteData } from '../../lib/site/site-context.tsx';
import { PageHead } from '../layout/page-head.tsx';
import { DeferredHomeRecommendations } from '../recommend/deferred-home-recommendations.tsx';
import { DepartmentGrid } from '../ui/department-grid.tsx';
import { Hero } from '../ui/hero.tsx';

/** The home page: a hero leading to the women's and men's departments, then every department. */
export function HomeScreen() {
  const locale = useLocale();
  const messages = useMessages();
  const { navigation } = useSiteData();
  const departments = useMemo(() => localizeCategories(navigation, locale), [navigation, locale]);
  const hrefOf = (name: string) =>
    departments[navigation.findIndex((node) => node.name === name)]?.href;
  const actions = [
    { label: messages.home.heroPrimary, href: hrefOf('Women') },
    { label: messages.home.heroSecondary, href: hrefOf('Men') },
  ].flatMap(({ label, href }) => (href ? [{ label, href }] : []));
  return (
    <>
      <PageHead title={messages.home.title} />
      <Hero
        eyebrow={messages.home.heroEyebrow}
        title={messages.home.heroTitle}
        text={messages.home.heroText}
        actions={actions}
        images={heroImages(departments)}
      />
      <div className="container">
        <DeferredHomeRecommendations />
      </div>
      <DepartmentGrid
        title={messages.home.departmentsTitle}
        emptyText={messages.home.emptyCatalogue}
        departments={departments.map((department) => ({
          ...department,
          countLabel: messages.home.productCount(department.productCount),
          shopLabel: messages.home.shopDepartment(department.label),
        }))}
      />
    </>
  );
}
