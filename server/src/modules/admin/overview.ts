/**
 * The back office's overview (概览): per day of the last `days`, the orders made and paid, the
 * revenue, the reviews and typesettings finished; their totals; and the jobs waiting and given up
 * now. Each module counts its own rows per UTC hour in SQL (db/hourly.ts); the hours are folded
 * here into the days of the business's time zone, so a day is a day in China on either database.
 */
import { chinaDay as dayOf, chinaMidnight as midnightOf } from '../../../../common/time';
import type { HourRow } from '../../db/hourly';
import type { JobRunner } from '../../jobs/runner';
import { DAY_MS } from '../../lib/time';
import type { OrderService } from '../order';
import type { ReviewService } from '../review';

// the days of the overview are China's: no daylight saving, so every day is DAY_MS long

export interface OverviewDay {
  /** YYYY-MM-DD, China time */
  day: string;
  ordersCreated: number;
  ordersPaid: number;
  /** fen: what the day's payments brought in, less what has been refunded of those orders since */
  revenueFen: number;
  reviewsDone: number;
  typesetsDone: number;
}

export function createAdminOverview(deps: {
  orders: Pick<OrderService, 'hourly'>;
  reviews: Pick<ReviewService, 'doneHourly'>;
  jobs: Pick<JobRunner, 'doneHourly' | 'backlog'>;
}) {
  const { orders, reviews, jobs } = deps;
  return {
    async overview(days: number, now = new Date()) {
      const first = dayOf(new Date(midnightOf(dayOf(now)).getTime() - (days - 1) * DAY_MS));
      const since = midnightOf(first).toISOString();
      const list: OverviewDay[] = Array.from({ length: days }, (_, i) => ({
        day: dayOf(new Date(midnightOf(first).getTime() + i * DAY_MS)),
        ordersCreated: 0,
        ordersPaid: 0,
        revenueFen: 0,
        reviewsDone: 0,
        typesetsDone: 0,
      }));
      const byDay = new Map(list.map((day) => [day.day, day]));
      const fold = (rows: HourRow[], add: (day: OverviewDay, row: HourRow) => void) => {
        for (const row of rows) {
          const day = byDay.get(dayOf(new Date(`${row.hour}:00:00Z`)));
          if (day) add(day, row);
        }
      };
      const [ordered, reviewed, typeset, backlog] = await Promise.all([
        orders.hourly(since),
        reviews.doneHourly(since),
        jobs.doneHourly('typeset', since),
        jobs.backlog(),
      ]);
      fold(ordered.created, (day, row) => (day.ordersCreated += row.n));
      fold(ordered.paid, (day, row) => ((day.ordersPaid += row.n), (day.revenueFen += row.sum)));
      fold(reviewed, (day, row) => (day.reviewsDone += row.n));
      fold(typeset, (day, row) => (day.typesetsDone += row.n));
      const total = (key: Exclude<keyof OverviewDay, 'day'>) => list.reduce((sum, day) => sum + day[key], 0);
      return {
        days: list,
        totals: {
          ordersCreated: total('ordersCreated'),
          ordersPaid: total('ordersPaid'),
          revenueFen: total('revenueFen'),
          reviewsDone: total('reviewsDone'),
          typesetsDone: total('typesetsDone'),
        },
        jobs: backlog,
      };
    },
  };
}
export type AdminOverview = ReturnType<typeof createAdminOverview>;
