// SPDX-License-Identifier: GPL-2.0-only
/*
 * Snapshots as a data structure: the order of OPPs, search keys, searches
 * in sorted arrays, and building the snapshot that follows another (merge,
 * insert, drop). No device, no lock: callers pass what they hold.
 */

#include "opp.h"

static int opp_cmp_ulong(unsigned long a, unsigned long b)
{
	return a < b ? -1 : a > b;
}

/**
 * opp_cmp() - compare two OPPs in table order
 * @a: an OPP
 * @b: an OPP of the same shape
 *
 * Context: Any context.
 * Return: <0, 0 or >0 as @a sorts before, with or after @b.
 */
int opp_cmp(struct dev_pm_opp *a, struct dev_pm_opp *b)
{
	unsigned int i;
	int ret;

	for (i = 0; i < a->nr_clks; i++) {
		ret = opp_cmp_ulong(opp_rates(a)[i], opp_rates(b)[i]);
		if (ret)
			return ret;
	}

	for (i = 0; i < a->nr_paths; i++) {
		ret = opp_cmp_ulong(opp_bw(a)[i].peak, opp_bw(b)[i].peak);
		if (ret)
			return ret;
	}

	return opp_cmp_ulong(a->level, b->level);
}

/*
 * The bits of the keys that go down from @a to @b, its next in order. Real
 * tables are sorted by every key, and searches bisect. A key that goes down
 * somewhere (a second clock, a level that does not follow the rate) is
 * searched linearly, which gives the same answers as a walk in table order.
 */
static u32 opp_keys_going_down(const struct opp_shape *shape,
			       struct dev_pm_opp *a, struct dev_pm_opp *b)
{
	struct opp_key key = { .kind = OPP_KEY_LEVEL };
	u32 down = 0;

	if (a->level > b->level)
		down |= opp_key_bit(&key);

	/* The first rate never goes down: opp_cmp() compares it first. */
	key.kind = OPP_KEY_RATE;
	for (key.index = 1; key.index < shape->nr_clks; key.index++)
		if (opp_rates(a)[key.index] > opp_rates(b)[key.index])
			down |= opp_key_bit(&key);

	key.kind = OPP_KEY_BW;
	for (key.index = 0; key.index < shape->nr_paths; key.index++)
		if (opp_bw(a)[key.index].peak > opp_bw(b)[key.index].peak)
			down |= opp_key_bit(&key);

	return down;
}

/* Where opp_partition() splits: a key, a value, and which side equals go. */
struct opp_bound {
	const struct opp_key *key;
	unsigned long target;
	bool equal;
};

static __always_inline bool opp_beyond_bound(struct dev_pm_opp *opp,
					     void *arg)
{
	const struct opp_bound *bound = arg;
	unsigned long value = opp_key_value(opp, bound->key);

	return value > bound->target || (bound->equal && value == bound->target);
}

/**
 * opp_partition() - where a key value falls in an array of OPPs
 * @opps: the OPPs
 * @nr: how many
 * @key: what to compare
 * @target: the value
 * @equal: count an OPP whose key equals @target as above it
 * @sorted: @opps ascend by @key, so the search may bisect
 *
 * Context: Any context.
 * Return: the index of the first OPP whose key is above @target (or equal
 * to it, with @equal), @nr when there is none.
 */
unsigned int opp_partition(struct dev_pm_opp * const *opps, unsigned int nr,
			   const struct opp_key *key, unsigned long target,
			   bool equal, bool sorted)
{
	struct opp_bound bound = { .key = key, .target = target, .equal = equal };
	unsigned int i;

	if (sorted)
		return opp_bisect(opps, nr, opp_beyond_bound, &bound);

	for (i = 0; i < nr && !opp_beyond_bound(opps[i], &bound); i++)
		;
	return i;
}

/**
 * opp_snapshot_find() - search one part of a snapshot by one key
 * @snap: the snapshot, held by the caller (RCU or the table's lock)
 * @key: what to compare
 * @target: the value looked for
 * @match: exact, the first at or above, or the last at or below
 * @available: search the available OPPs, or else the disabled ones
 *
 * Context: Any context; takes no lock and no reference.
 * Return: the OPP, or NULL.
 */
struct dev_pm_opp *opp_snapshot_find(const struct opp_snapshot *snap,
				     const struct opp_key *key,
				     unsigned long target, enum opp_match match,
				     bool available)
{
	bool sorted = !(snap->unsorted & opp_key_bit(key));
	struct dev_pm_opp * const *opps = snap->opps +
					  (available ? 0 : snap->nr_avail);
	unsigned int nr = available ? snap->nr_avail : snap->nr_unavail;
	unsigned int i;

	switch (match) {
	case OPP_MATCH_EXACT:
		if (sorted) {
			i = opp_partition(opps, nr, key, target, true, true);
			return i < nr && opp_key_value(opps[i], key) == target ?
			       opps[i] : NULL;
		}
		/* Unsorted, an equal key may follow a greater one. */
		for (i = 0; i < nr; i++)
			if (opp_key_value(opps[i], key) == target)
				return opps[i];
		return NULL;
	case OPP_MATCH_CEIL:
		i = opp_partition(opps, nr, key, target, true, sorted);
		return i < nr ? opps[i] : NULL;
	case OPP_MATCH_FLOOR:
	default:
		i = opp_partition(opps, nr, key, target, false, sorted);
		return i ? opps[i - 1] : NULL;
	}
}
EXPORT_SYMBOL_IF_KUNIT(opp_snapshot_find);

/**
 * struct opp_run - one sorted run of OPPs in a merge walk
 * @opps: the OPPs, sorted by opp_cmp()
 * @nr: how many
 * @next: how far the walk got
 */
struct opp_run {
	struct dev_pm_opp * const *opps;
	unsigned int nr;
	unsigned int next;
};

/**
 * opp_merge_next() - the next OPP of a merge walk over sorted runs
 * @runs: the runs (a snapshot's two arrays, a batch), each sorted by
 *	opp_cmp(); their @next fields start at 0
 * @nr: how many
 *
 * Context: Any context.
 * Return: the next OPP in table order, of equal ones that of the earliest
 * run; NULL once every run is walked.
 */
static struct dev_pm_opp *opp_merge_next(struct opp_run *runs,
					 unsigned int nr)
{
	struct opp_run *best = NULL, *r;

	for (r = runs; r < runs + nr; r++)
		if (r->next < r->nr &&
		    (!best || opp_cmp(r->opps[r->next], best->opps[best->next]) < 0))
			best = r;

	return best ? best->opps[best->next++] : NULL;
}

static bool opp_change_drops(const struct opp_change *change,
			     struct dev_pm_opp *opp)
{
	return change->drop && change->drop(opp, change->arg);
}

/* Whether @opp is available in the snapshot that @change leads to. */
static bool opp_change_available(const struct opp_change *change,
				 struct dev_pm_opp *opp)
{
	return opp->available != (change->flip && change->flip(opp, change->arg));
}

static struct opp_slots *opp_snapshot_slots(const struct opp_snapshot *snap)
{
	return snap->opps ? container_of(snap->opps, struct opp_slots, opps[0]) :
			    NULL;
}

/**
 * opp_snapshot_alloc() - a snapshot that lists no OPP yet
 * @shape: its shape
 * @nr: how many OPPs it has room for, at least; none when 0
 *
 * The room is rounded up to what the allocator hands out anyway, so that the
 * room past @nr costs nothing.
 *
 * Context: Process context; may sleep.
 * Return: the snapshot, or NULL without memory.
 */
struct opp_snapshot *opp_snapshot_alloc(const struct opp_shape *shape,
					unsigned int nr)
{
	struct opp_snapshot *snap __free(kfree) = kzalloc(sizeof(*snap),
							  GFP_KERNEL);
	size_t size = kmalloc_size_roundup(struct_size_t(struct opp_slots,
							 opps, nr));
	struct opp_slots *slots;

	if (!snap)
		return NULL;

	snap->shape = *shape;
	if (!nr)
		return_ptr(snap);

	slots = kvmalloc(size, GFP_KERNEL);
	if (!slots)
		return NULL;
	slots->size = (size - offsetof(struct opp_slots, opps)) /
		      sizeof(slots->opps[0]);
	snap->opps = slots->opps;
	return_ptr(snap);
}
EXPORT_SYMBOL_IF_KUNIT(opp_snapshot_alloc);

/**
 * opp_snapshot_shares_slots() - whether a snapshot uses its predecessor's
 *	slots
 * @old: a snapshot
 * @snap: the one opp_snapshot_next() built from @old
 *
 * Context: Any context.
 * Return: true when freeing @old must leave the slots to @snap.
 */
bool opp_snapshot_shares_slots(const struct opp_snapshot *old,
			       const struct opp_snapshot *snap)
{
	return old->opps && old->opps == snap->opps;
}
EXPORT_SYMBOL_IF_KUNIT(opp_snapshot_shares_slots);

/**
 * opp_snapshot_free() - free a snapshot no reader can see
 * @snap: the snapshot; NULL is ignored
 * @keep_slots: its slots belong to a newer snapshot too
 *
 * Context: Process context.
 */
void opp_snapshot_free(struct opp_snapshot *snap, bool keep_slots)
{
	if (!snap)
		return;
	if (!keep_slots)
		kvfree(opp_snapshot_slots(snap));
	kfree(snap);
}
EXPORT_SYMBOL_IF_KUNIT(opp_snapshot_free);

/**
 * opp_snapshot_retire() - free a snapshot once its readers are gone
 * @snap: a snapshot that was replaced
 * @keep_slots: its slots belong to its successor too
 *
 * Context: Process context, no lock held; may sleep when memory is short.
 */
void opp_snapshot_retire(struct opp_snapshot *snap, bool keep_slots)
{
	struct opp_slots *slots = opp_snapshot_slots(snap);

	if (slots && !keep_slots)
		kvfree_rcu(slots, rcu);
	kvfree_rcu_mightsleep(snap);
}

/*
 * Room for a table of @nr OPPs that grows one OPP at a time: about twice as
 * much, so that a loop of N adds copies O(N) pointers in all, not O(N^2).
 */
static unsigned int opp_room_to_grow(unsigned int nr)
{
	return nr < UINT_MAX / 2 ? 2 * nr + 1 : nr + 1;
}

/*
 * A merge walk over @old and the inserted OPPs, each slotted in after its
 * equals; the OPPs @change drops go to @change->dropped, in the same order.
 * When @grow (a single OPP inserted), the new snapshot gets
 * opp_room_to_grow(), which the appends that usually follow fill. Kept out
 * of line: its frame would otherwise slow down every append.
 */
static noinline struct opp_snapshot *
opp_snapshot_rebuild(const struct opp_snapshot *old,
		     const struct opp_shape *shape,
		     const struct opp_change *change, bool grow)
{
	const struct opp_batch *insert = change->insert;
	struct opp_run runs[] = {
		{ old->opps, old->nr_avail },
		{ old->opps + old->nr_avail, old->nr_unavail },
		{ insert ? insert->opps : NULL, insert ? insert->nr : 0 },
	};
	unsigned int nr = 0, nr_avail = 0, a = 0, u, d = 0, i, k;
	struct opp_snapshot *snap;
	struct dev_pm_opp *opp;

	/* The counts first, for which the order does not matter. */
	for (i = 0; i < ARRAY_SIZE(runs); i++) {
		for (k = 0; k < runs[i].nr; k++) {
			opp = runs[i].opps[k];
			if (opp_change_drops(change, opp))
				continue;
			nr++;
			nr_avail += opp_change_available(change, opp);
		}
	}

	snap = opp_snapshot_alloc(shape, grow ? opp_room_to_grow(nr - 1) : nr);
	if (!snap)
		return NULL;

	snap->nr_avail = nr_avail;
	snap->nr_unavail = nr - nr_avail;
	u = nr_avail;

	while ((opp = opp_merge_next(runs, ARRAY_SIZE(runs)))) {
		if (opp_change_drops(change, opp)) {
			if (change->dropped)
				change->dropped[d++] = opp;
			continue;
		}
		i = opp_change_available(change, opp) ? a++ : u++;
		snap->opps[i] = opp;
		/* Along each array, not from the available to the disabled. */
		if (i && i != nr_avail)
			snap->unsorted |= opp_keys_going_down(shape,
							      snap->opps[i - 1],
							      opp);
		if (opp->suspend)
			snap->suspend = opp;
	}
	return snap;
}

static bool opp_not_before_ref(struct dev_pm_opp *opp, void *ref)
{
	return opp_cmp(opp, ref) >= 0;
}

/**
 * opp_lower_bound() - where an OPP goes in a sorted array of OPPs
 * @opps: OPPs sorted by opp_cmp()
 * @nr: how many
 * @opp: an OPP of the same shape
 *
 * Context: Any context.
 * Return: the index of the first OPP of @opps that does not sort before
 * @opp, @nr if none.
 */
unsigned int opp_lower_bound(struct dev_pm_opp * const *opps, unsigned int nr,
			     struct dev_pm_opp *opp)
{
	return opp_bisect(opps, nr, opp_not_before_ref, opp);
}

/*
 * Code adding OPPs in ascending order: @opp goes after the last available
 * OPP of @old, which has no disabled one.
 */
static bool opp_snapshot_appends(const struct opp_snapshot *old,
				 const struct opp_shape *shape,
				 struct dev_pm_opp *opp)
{
	return opp->available && !opp->suspend && !old->nr_unavail &&
	       !memcmp(shape, &old->shape, sizeof(*shape)) &&
	       (!old->nr_avail || opp_cmp(old->opps[old->nr_avail - 1], opp) < 0);
}

/*
 * The snapshot @old becomes once it ends with one more OPP: a new header
 * over @old's slots while they have room, else a copy into new slots with
 * opp_room_to_grow().
 */
static struct opp_snapshot *opp_snapshot_grow(const struct opp_snapshot *old)
{
	struct opp_slots *slots = opp_snapshot_slots(old);
	unsigned int nr = old->nr_avail;
	struct opp_snapshot *snap;

	/* A plain header copy: kmemdup() costs twice as much on every add. */
	if (slots && nr < slots->size) {
		snap = kmalloc(sizeof(*snap), GFP_KERNEL);
		if (snap)
			*snap = *old;
		return snap;
	}

	snap = opp_snapshot_alloc(&old->shape, opp_room_to_grow(nr));
	if (!snap)
		return NULL;
	snap->unsorted = old->unsorted;
	snap->suspend = old->suspend;
	snap->nr_avail = nr;
	if (nr)
		memcpy(snap->opps, old->opps, nr * sizeof(*snap->opps));
	return snap;
}

/**
 * opp_snapshot_next() - build the snapshot that follows another
 * @old: the current snapshot, which stays as it is
 * @shape: the shape of the new snapshot
 * @change: how the new snapshot differs from @old
 *
 * The OPPs of @old that @change->drop selects are left out, those of
 * @change->insert come in, and those @change->flip selects change sides;
 * no OPP is written to.
 *
 * Context: Process context; may sleep (it allocates).
 * Return: the new snapshot, not yet published, or NULL without memory.
 */
struct opp_snapshot *opp_snapshot_next(const struct opp_snapshot *old,
				       const struct opp_shape *shape,
				       const struct opp_change *change)
{
	bool one = change->insert && change->insert->nr == 1 &&
		   !change->drop && !change->flip;
	struct dev_pm_opp *opp = one ? change->insert->opps[0] : NULL;
	unsigned int nr = old->nr_avail;
	struct opp_snapshot *snap;

	if (!one || !opp_snapshot_appends(old, shape, opp))
		return opp_snapshot_rebuild(old, shape, change, one);

	snap = opp_snapshot_grow(old);
	if (!snap)
		return NULL;
	snap->opps[nr] = opp;
	snap->nr_avail = nr + 1;
	if (nr)
		snap->unsorted |= opp_keys_going_down(shape, old->opps[nr - 1],
						      opp);
	return snap;
}
EXPORT_SYMBOL_IF_KUNIT(opp_snapshot_next);

/**
 * opp_range_find_same() - the OPP of a sorted array equal to another
 * @opps: OPPs sorted by opp_cmp()
 * @nr: how many
 * @opp: an OPP of the same shape
 *
 * Context: Any context.
 * Return: the OPP of @opps that compares equal to @opp, or NULL.
 */
struct dev_pm_opp *opp_range_find_same(struct dev_pm_opp * const *opps,
				       unsigned int nr, struct dev_pm_opp *opp)
{
	unsigned int i;

	/* Code adds OPPs in ascending order: past the last one is common. */
	if (!nr || opp_cmp(opps[nr - 1], opp) < 0)
		return NULL;

	i = opp_lower_bound(opps, nr, opp);
	return i < nr && !opp_cmp(opps[i], opp) ? opps[i] : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(opp_range_find_same);
