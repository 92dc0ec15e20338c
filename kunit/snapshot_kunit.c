// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_snapshot: snapshot.c on its own, as a data structure.
 *
 * No device, no table, no lock: each case makes OPPs with opp_alloc(),
 * builds snapshots from an empty one with opp_snapshot_next() and checks
 * the arrays against the rates it chose.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/slab.h>

#include "../opp.h"

#define OPP_SNAP_MAX	16

/**
 * struct opp_snap_case - what one case built, released by its exit
 * @shape: the shape of its OPPs and snapshots
 * @opps: the OPPs made so far
 * @nr: how many
 * @snaps: the snapshots made so far, the first one empty
 * @nr_snaps: how many
 */
struct opp_snap_case {
	struct opp_shape shape;
	struct dev_pm_opp *opps[OPP_SNAP_MAX];
	unsigned int nr;
	struct opp_snapshot *snaps[OPP_SNAP_MAX];
	unsigned int nr_snaps;
};

static int opp_snap_init(struct kunit *test)
{
	struct opp_snap_case *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->shape = (struct opp_shape){ .nr_clks = 1, .nr_supplies = 1 };
	c->snaps[0] = opp_snapshot_alloc(&c->shape, 0);
	KUNIT_ASSERT_NOT_NULL(test, c->snaps[0]);
	c->nr_snaps = 1;
	test->priv = c;
	return 0;
}

/* Whether a snapshot kept from index @from on uses the slots of @snap. */
static bool opp_snap_slots_in_use(struct opp_snap_case *c,
				  struct opp_snapshot *snap, unsigned int from)
{
	unsigned int i;

	for (i = from; i < c->nr_snaps; i++)
		if (c->snaps[i] != snap &&
		    opp_snapshot_shares_slots(snap, c->snaps[i]))
			return true;
	return false;
}

static void opp_snap_exit(struct kunit *test)
{
	struct opp_snap_case *c = test->priv;
	unsigned int i;

	/* Oldest first: slots go with the last snapshot that uses them. */
	for (i = 0; i < c->nr_snaps; i++)
		opp_snapshot_free(c->snaps[i],
				  opp_snap_slots_in_use(c, c->snaps[i], i + 1));
	c->nr_snaps = 0;
	while (c->nr)
		opp_free(c->opps[--c->nr]);
}

/* A new OPP at @rate (and @rate2 on the second clock, if any). */
static struct dev_pm_opp *opp_snap_new(struct kunit *test, unsigned long rate,
				       unsigned long rate2)
{
	struct opp_snap_case *c = test->priv;
	struct dev_pm_opp *opp;

	KUNIT_ASSERT_LT(test, c->nr, OPP_SNAP_MAX);
	opp = opp_alloc(&c->shape);
	KUNIT_ASSERT_NOT_NULL(test, opp);
	c->opps[c->nr++] = opp;
	opp_rates(opp)[0] = rate;
	if (c->shape.nr_clks > 1)
		opp_rates(opp)[1] = rate2;
	opp->available = true;
	return opp;
}

static struct opp_snapshot *opp_snap_last(struct kunit *test)
{
	struct opp_snap_case *c = test->priv;

	return c->snaps[c->nr_snaps - 1];
}

/* Keeps @snap for the case's exit to free; it becomes the last one. */
static void opp_snap_keep(struct kunit *test, struct opp_snapshot *snap)
{
	struct opp_snap_case *c = test->priv;

	KUNIT_ASSERT_NOT_NULL(test, snap);
	if (c->nr_snaps == OPP_SNAP_MAX)
		opp_snapshot_free(snap, opp_snap_slots_in_use(c, snap, 0));
	KUNIT_ASSERT_LT(test, c->nr_snaps, OPP_SNAP_MAX);
	c->snaps[c->nr_snaps++] = snap;
}

/* The snapshot after the last one, as @change makes it. */
static struct opp_snapshot *opp_snap_next(struct kunit *test,
					  const struct opp_change *change)
{
	struct opp_snap_case *c = test->priv;
	struct opp_snapshot *snap;

	snap = opp_snapshot_next(opp_snap_last(test), &c->shape, change);
	opp_snap_keep(test, snap);
	return snap;
}

/* Inserts each rate alone, the way code adds OPPs one by one. */
static struct opp_snapshot *opp_snap_insert_each(struct kunit *test,
						 const unsigned long *rates,
						 unsigned int nr)
{
	struct opp_snapshot *snap = opp_snap_last(test);
	struct dev_pm_opp *opp;
	unsigned int i;

	for (i = 0; i < nr; i++) {
		opp = opp_snap_new(test, rates[i], 0);
		snap = opp_snap_next(test, &(struct opp_change){
			.insert = &(struct opp_batch){ .opps = &opp, .nr = 1 },
		});
	}
	return snap;
}

static void opp_snap_expect_rates(struct kunit *test,
				  struct dev_pm_opp * const *opps,
				  const unsigned long *want, unsigned int nr)
{
	unsigned int i;

	for (i = 0; i < nr; i++)
		KUNIT_EXPECT_EQ_MSG(test, opp_rates(opps[i])[0], want[i],
				    "entry %u", i);
}

static const unsigned long opp_snap_shuffled[] = { 300, 100, 500, 200, 400 };
static const unsigned long opp_snap_sorted[] = { 100, 200, 300, 400, 500 };

static void opp_snap_inserts_keep_the_array_sorted(struct kunit *test)
{
	struct opp_snapshot *snap;

	snap = opp_snap_insert_each(test, opp_snap_shuffled, 5);

	KUNIT_EXPECT_EQ(test, snap->nr_avail, 5);
	KUNIT_EXPECT_EQ(test, snap->nr_unavail, 0);
	opp_snap_expect_rates(test, snap->opps, opp_snap_sorted, 5);
}

static bool opp_snap_drop_none(struct dev_pm_opp *opp, const void *arg)
{
	return false;
}

static void opp_snap_merge_places_like_insert(struct kunit *test)
{
	struct opp_snapshot *base, *merged, *inserted;
	struct dev_pm_opp *opp;
	unsigned int i;

	base = opp_snap_insert_each(test, opp_snap_shuffled, 4);
	opp = opp_snap_new(test, 250, 0);
	/* A filter that drops nothing forces the merge walk. */
	merged = opp_snap_next(test, &(struct opp_change){
		.insert = &(struct opp_batch){ .opps = &opp, .nr = 1 },
		.drop = opp_snap_drop_none,
	});
	inserted = opp_snapshot_next(base, &base->shape, &(struct opp_change){
		.insert = &(struct opp_batch){ .opps = &opp, .nr = 1 },
	});
	opp_snap_keep(test, inserted);

	KUNIT_EXPECT_EQ(test, merged->nr_avail, inserted->nr_avail);
	for (i = 0; i < merged->nr_avail; i++)
		KUNIT_EXPECT_PTR_EQ(test, merged->opps[i], inserted->opps[i]);
	KUNIT_EXPECT_EQ(test, opp_rates(merged->opps[2])[0], 250);
}

static bool opp_snap_is(struct dev_pm_opp *opp, const void *which)
{
	return opp == which;
}

static void opp_snap_drop_leaves_the_old_snapshot_alone(struct kunit *test)
{
	static const unsigned long left[] = { 100, 300, 400, 500 };
	struct opp_snapshot *old, *snap;
	struct dev_pm_opp *gone;

	old = opp_snap_insert_each(test, opp_snap_shuffled, 5);
	gone = old->opps[1];
	snap = opp_snap_next(test, &(struct opp_change){
		.drop = opp_snap_is, .arg = gone,
	});

	KUNIT_EXPECT_EQ(test, snap->nr_avail, 4);
	opp_snap_expect_rates(test, snap->opps, left, 4);
	KUNIT_EXPECT_EQ(test, old->nr_avail, 5);
	opp_snap_expect_rates(test, old->opps, opp_snap_sorted, 5);
}

static void opp_snap_flip_moves_without_writing_the_opp(struct kunit *test)
{
	static const unsigned long avail[] = { 100, 200, 400, 500 };
	struct opp_snapshot *old, *snap;
	struct dev_pm_opp *off;

	old = opp_snap_insert_each(test, opp_snap_shuffled, 5);
	off = old->opps[2];
	snap = opp_snap_next(test, &(struct opp_change){
		.flip = opp_snap_is, .arg = off,
	});

	KUNIT_EXPECT_EQ(test, snap->nr_avail, 4);
	KUNIT_EXPECT_EQ(test, snap->nr_unavail, 1);
	opp_snap_expect_rates(test, snap->opps, avail, 4);
	KUNIT_EXPECT_PTR_EQ(test, snap->opps[4], off);
	/* The writer sets the flag once the snapshot is published. */
	KUNIT_EXPECT_TRUE(test, off->available);
	KUNIT_EXPECT_EQ(test, old->nr_avail, 5);
}

static bool opp_snap_middle_three(struct dev_pm_opp *opp, const void *arg)
{
	return opp_rates(opp)[0] >= 200 && opp_rates(opp)[0] <= 400;
}

static bool opp_snap_either(struct dev_pm_opp *opp, const void *pair)
{
	struct dev_pm_opp * const *opps = pair;

	return opp == opps[0] || opp == opps[1];
}

/* Dropped OPPs come out in table order, from both arrays interleaved. */
static void opp_snap_dropped_in_table_order(struct kunit *test)
{
	static const unsigned long gone[] = { 200, 300, 400 };
	struct dev_pm_opp *off[] = { NULL, NULL }, *dropped[3] = { };
	struct opp_snapshot *snap;

	snap = opp_snap_insert_each(test, opp_snap_shuffled, 5);
	off[0] = snap->opps[1];
	off[1] = snap->opps[3];
	/* Both at once; the writer's flag follows, as after a publish. */
	snap = opp_snap_next(test, &(struct opp_change){
		.flip = opp_snap_either, .arg = off,
	});
	off[0]->available = false;
	off[1]->available = false;
	KUNIT_ASSERT_EQ(test, snap->nr_unavail, 2);

	snap = opp_snap_next(test, &(struct opp_change){
		.drop = opp_snap_middle_three, .dropped = dropped,
	});

	KUNIT_EXPECT_EQ(test, snap->nr_avail, 2);
	KUNIT_EXPECT_EQ(test, snap->nr_unavail, 0);
	KUNIT_ASSERT_NOT_NULL(test, dropped[ARRAY_SIZE(gone) - 1]);
	opp_snap_expect_rates(test, dropped, gone, ARRAY_SIZE(gone));
}

/* Case for opp_snap_finds(): a search and the rate it must find (0: none). */
struct opp_snap_find_case {
	const char *name;
	enum opp_match match;
	unsigned long target;
	bool available;
	unsigned long want;
};

static const struct opp_snap_find_case opp_snap_find_cases[] = {
	{ "exact hit", OPP_MATCH_EXACT, 400, true, 400 },
	{ "exact on a disabled one", OPP_MATCH_EXACT, 300, true, 0 },
	{ "exact miss", OPP_MATCH_EXACT, 250, true, 0 },
	{ "ceil between", OPP_MATCH_CEIL, 250, true, 400 },
	{ "ceil on", OPP_MATCH_CEIL, 200, true, 200 },
	{ "ceil past the top", OPP_MATCH_CEIL, 501, true, 0 },
	{ "floor between", OPP_MATCH_FLOOR, 250, true, 200 },
	{ "floor below the bottom", OPP_MATCH_FLOOR, 99, true, 0 },
	{ "disabled part, exact", OPP_MATCH_EXACT, 300, false, 300 },
	{ "disabled part, ceil", OPP_MATCH_CEIL, 100, false, 300 },
	{ "disabled part, floor", OPP_MATCH_FLOOR, 299, false, 0 },
};

static void opp_snap_find_desc(const struct opp_snap_find_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(opp_snap_find, opp_snap_find_cases, opp_snap_find_desc);

/* [100, 200, 400, 500] available, 300 disabled. */
static void opp_snap_finds(struct kunit *test)
{
	const struct opp_snap_find_case *fc = test->param_value;
	const struct opp_key key = { .kind = OPP_KEY_RATE };
	struct opp_snapshot *snap;
	struct dev_pm_opp *found;

	snap = opp_snap_insert_each(test, opp_snap_shuffled, 5);
	snap = opp_snap_next(test, &(struct opp_change){
		.flip = opp_snap_is, .arg = snap->opps[2],
	});

	found = opp_snapshot_find(snap, &key, fc->target, fc->match,
				  fc->available);
	if (!fc->want) {
		KUNIT_EXPECT_NULL(test, found);
		return;
	}
	KUNIT_ASSERT_NOT_NULL(test, found);
	KUNIT_EXPECT_EQ(test, opp_rates(found)[0], fc->want);
}

static void opp_snap_unsorted_key_is_searched_linearly(struct kunit *test)
{
	struct opp_snap_case *c = test->priv;
	const struct opp_key second = { .kind = OPP_KEY_RATE, .index = 1 };
	struct dev_pm_opp *opps[3], *found;
	struct opp_snapshot *snap;
	unsigned int i;

	c->shape.nr_clks = 2;
	c->snaps[0]->shape = c->shape;
	/* The second clock falls while the first rises. */
	for (i = 0; i < 3; i++)
		opps[i] = opp_snap_new(test, 100 * (i + 1), 900 - 100 * i);
	snap = opp_snap_next(test, &(struct opp_change){
		.insert = &(struct opp_batch){ .opps = opps, .nr = 3 },
	});

	KUNIT_EXPECT_NE(test, snap->unsorted & opp_key_bit(&second), 0);
	found = opp_snapshot_find(snap, &second, 800, OPP_MATCH_EXACT, true);
	KUNIT_ASSERT_NOT_NULL(test, found);
	KUNIT_EXPECT_EQ(test, opp_rates(found)[0], 200);
}

static void opp_snap_fastest_suspend_opp_wins(struct kunit *test)
{
	static const unsigned long rates[] = { 200, 100, 300 };
	struct opp_snap_case *c = test->priv;
	struct opp_snapshot *snap;

	snap = opp_snap_insert_each(test, rates, 1);
	KUNIT_EXPECT_NULL(test, snap->suspend);
	c->opps[0]->suspend = true;
	snap = opp_snap_next(test, &(struct opp_change){
		.drop = opp_snap_drop_none,
	});
	KUNIT_EXPECT_PTR_EQ(test, snap->suspend, c->opps[0]);

	opp_snap_new(test, rates[1], 0)->suspend = true;
	snap = opp_snap_next(test, &(struct opp_change){
		.insert = &(struct opp_batch){ .opps = &c->opps[1], .nr = 1 },
	});
	KUNIT_EXPECT_PTR_EQ(test, snap->suspend, c->opps[0]);

	opp_snap_new(test, rates[2], 0)->suspend = true;
	snap = opp_snap_next(test, &(struct opp_change){
		.insert = &(struct opp_batch){ .opps = &c->opps[2], .nr = 1 },
	});
	KUNIT_EXPECT_PTR_EQ(test, snap->suspend, c->opps[2]);
}

static void opp_snap_find_same_compares_in_table_order(struct kunit *test)
{
	struct opp_snapshot *snap;
	struct dev_pm_opp *probe;

	snap = opp_snap_insert_each(test, opp_snap_shuffled, 5);
	probe = opp_snap_new(test, 400, 0);

	KUNIT_EXPECT_PTR_EQ(test, opp_range_find_same(snap->opps, 5, probe),
			    snap->opps[3]);
	opp_rates(probe)[0] = 401;
	KUNIT_EXPECT_NULL(test, opp_range_find_same(snap->opps, 5, probe));
	/* A level is part of the order too. */
	opp_rates(probe)[0] = 400;
	probe->level = 1;
	KUNIT_EXPECT_NULL(test, opp_range_find_same(snap->opps, 5, probe));
}

/*
 * Adding in ascending order appends: a snapshot shares the slots of the one
 * before it while they have room, and the older one still lists what it
 * listed. Growth doubles the room, so few arrays serve many adds.
 */
static void opp_snap_appends_share_slots(struct kunit *test)
{
	static const unsigned long rates[] = {
		100, 200, 300, 400, 500, 600, 700, 800, 900, 1000,
	};
	struct opp_snap_case *c = test->priv;
	unsigned int i, arrays = 0;
	struct opp_snapshot *snap;

	snap = opp_snap_insert_each(test, rates, ARRAY_SIZE(rates));
	opp_snap_expect_rates(test, snap->opps, rates, ARRAY_SIZE(rates));
	for (i = 1; i < c->nr_snaps; i++) {
		arrays += !opp_snapshot_shares_slots(c->snaps[i - 1],
						     c->snaps[i]);
		/* The older snapshot: same count, same first entries. */
		KUNIT_EXPECT_EQ(test, c->snaps[i - 1]->nr_avail, i - 1);
		if (i > 1)
			KUNIT_EXPECT_EQ(test,
					opp_rates(c->snaps[i - 1]->opps[i - 2])[0],
					rates[i - 2]);
	}
	KUNIT_EXPECT_LT(test, arrays, ARRAY_SIZE(rates) / 2);
}

/* An OPP that sorts before the last one cannot be appended: new slots. */
static void opp_snap_insert_before_last_copies(struct kunit *test)
{
	static const unsigned long rates[] = { 100, 300 };
	static const unsigned long want[] = { 100, 200, 300 };
	struct opp_snapshot *old, *snap;
	struct dev_pm_opp *opp;

	old = opp_snap_insert_each(test, rates, ARRAY_SIZE(rates));
	opp = opp_snap_new(test, 200, 0);
	snap = opp_snap_next(test, &(struct opp_change){
		.insert = &(struct opp_batch){ .opps = &opp, .nr = 1 },
	});

	KUNIT_EXPECT_FALSE(test, opp_snapshot_shares_slots(old, snap));
	KUNIT_EXPECT_EQ(test, snap->nr_avail, 3);
	opp_snap_expect_rates(test, snap->opps, want, 3);
	opp_snap_expect_rates(test, old->opps, rates, 2);
}

static struct kunit_case opp_snap_cases[] = {
	KUNIT_CASE(opp_snap_inserts_keep_the_array_sorted),
	KUNIT_CASE(opp_snap_merge_places_like_insert),
	KUNIT_CASE(opp_snap_drop_leaves_the_old_snapshot_alone),
	KUNIT_CASE(opp_snap_flip_moves_without_writing_the_opp),
	KUNIT_CASE(opp_snap_dropped_in_table_order),
	KUNIT_CASE_PARAM(opp_snap_finds, opp_snap_find_gen_params),
	KUNIT_CASE(opp_snap_unsorted_key_is_searched_linearly),
	KUNIT_CASE(opp_snap_fastest_suspend_opp_wins),
	KUNIT_CASE(opp_snap_find_same_compares_in_table_order),
	KUNIT_CASE(opp_snap_appends_share_slots),
	KUNIT_CASE(opp_snap_insert_before_last_copies),
	{}
};

static struct kunit_suite opp_snap_suite = {
	.name = "opp_snapshot",
	.init = opp_snap_init,
	.exit = opp_snap_exit,
	.test_cases = opp_snap_cases,
};

kunit_test_suite(opp_snap_suite);
