import { Link } from './Link';
import * as css from './linkCards.css';

export interface LinkCard {
  key: string;
  href: string;
  title: string;
  /** One line under the title. */
  description: string;
}

export interface LinkCardGroup {
  key: string;
  title: string;
  cards: readonly LinkCard[];
}

/**
 * Groups of link cards (a heading per group, a list of cards: title and one line), laid out by
 * the component's own width. Each card is one link, reached with Tab and followed in the host router.
 */
export function LinkCards({ groups, headingLevel = 2 }: { groups: readonly LinkCardGroup[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={css.groups}>
      {groups.map((group) => (
        <section key={group.key} className={css.group} aria-labelledby={`link-cards-${group.key}`} data-group={group.key}>
          <Heading id={`link-cards-${group.key}`} className={css.groupTitle}>{group.title}</Heading>
          <ul className={css.list}>
            {group.cards.map((card) => (
              <li key={card.key}>
                <Link href={card.href} className={css.card}>
                  <span className={css.cardTitle}>{card.title}</span>
                  <span className={css.cardText}>{card.description}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
