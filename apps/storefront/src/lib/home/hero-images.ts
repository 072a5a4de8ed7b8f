/** What `heroImages` needs of a category: its photo and its subcategories. */
export interface PictureTree {
  readonly imageUrl: string | null;
  readonly children: readonly PictureTree[];
}

/**
 * One photo per department for the home page hero, different from the photos its entry cards already
 * show: the first subcategory photo (most-stocked first) not used elsewhere on the page.
 */
export function heroImages(departments: readonly PictureTree[]): string[] {
  const used = new Set(departments.flatMap((department) => department.imageUrl ?? []));
  const picked: string[] = [];
  for (const department of departments) {
    const image = firstUnused(department.children, used);
    if (image) {
      used.add(image);
      picked.push(image);
    }
  }
  return picked;
}

function firstUnused(nodes: readonly PictureTree[], used: ReadonlySet<string>): string | undefined {
  for (const node of nodes) {
    if (node.imageUrl && !used.has(node.imageUrl)) return node.imageUrl;
    const nested = firstUnused(node.children, used);
    if (nested) return nested;
  }
  return undefined;
}
