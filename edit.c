// SPDX-License-Identifier: GPL-2.0-only
/*
 * The writers: adding, removing, enabling, disabling and adjusting OPPs. A
 * writer prepares a new snapshot under the table's lock, publishes it, and
 * then tells debugfs and the notifiers, with no lock held.
 */

#include "opp.h"

/**
 * struct opp_edit - one change to a table, from preparation to aftermath
 * @table: the table
 * @change: how the table's next snapshot differs from the current one
 * @published: the change reached readers; the fields below are valid
 * @old: the snapshot the change replaced, or NULL when the change left the
 *	snapshot as it was (a new voltage)
 * @old_slots_kept: the new snapshot appended to @old's slots, which @old
 *	leaves to it when retired
 * @opp: the one OPP the notifiers hear about, referenced once published, or
 *	NULL
 * @event: what they hear about @opp; for a writer that names an OPP by its
 *	rate, also what it does to it (see __opp_edit_rate())
 * @remove: for a removal, selects the listed OPPs to remove, with
 *	@remove_arg; NULL otherwise, and for an edit that only unlists the
 *	lingering OPPs nobody else holds
 * @remove_arg: passed to @remove
 * @nr_dynamic: dynamic OPPs the edit removed, whose table references go
 *	once it is done
 * @order: the OPPs @change.insert may take, in the order the notifiers hear
 *	of those it took
 * @nr_order: entries in @order
 * @leaving: the OPPs the edit unlisted, in table order, or NULL
 * @nr_leaving: how many
 *
 * Every writer follows one skeleton: under the table's lock it finds what to
 * change, fills @change (and @opp, @event) and publishes with
 * __opp_edit_publish(), which changes nothing visible on failure; then, with
 * no lock held, opp_edit_finish() shows the OPPs that came in, tells the
 * notifiers, and drops what the OPPs that left held.
 */
struct opp_edit {
	struct opp_table *table;
	struct opp_change change;
	bool published;
	struct opp_snapshot *old;
	bool old_slots_kept;
	struct dev_pm_opp *opp;
	enum dev_pm_opp_event event;
	opp_filter_t remove;
	const void *remove_arg;
	unsigned int nr_dynamic;
	struct dev_pm_opp * const *order;
	unsigned int nr_order;
	struct dev_pm_opp **leaving;
	unsigned int nr_leaving;
};

/* Caller holds the table's lock. The change is visible: keep what finish needs. */
static void __opp_edit_done(struct opp_edit *e)
{
	unsigned int i;

	lockdep_assert_held(&e->table->lock);

	e->published = true;
	if (e->opp)
		dev_pm_opp_get(e->opp);
	/* Held until announced: a remover may drop the table's at once. */
	for (i = 0; e->change.insert && i < e->change.insert->nr; i++)
		dev_pm_opp_get(e->change.insert->opps[i]);
}

/* Read by __opp_required_pending(), in opp.h. */
atomic_long_t opp_removal_count = ATOMIC_LONG_INIT(0);

/*
 * Caller holds the table's lock. Builds and publishes the snapshot @e->change
 * describes; on failure nothing readers see has changed.
 */
static int __opp_edit_publish(struct opp_edit *e)
{
	struct opp_table *table = e->table;
	const struct opp_shape *shape = e->change.shape ?: &table->shape;
	struct opp_snapshot *old = __opp_table_snapshot(table), *snap;
	unsigned int i;

	lockdep_assert_held(&table->lock);

	snap = opp_snapshot_next(old, shape, &e->change);
	if (!snap)
		return -ENOMEM;

	rcu_assign_pointer(table->snap, snap);
	if (e->change.drop)
		atomic_long_inc(&opp_removal_count);
	table->shape = *shape;
	/* After a flip, each OPP's flag follows its side in @snap. */
	for (i = 0; e->change.flip && i < snap->nr_avail + snap->nr_unavail;
	     i++)
		WRITE_ONCE(snap->opps[i]->available, i < snap->nr_avail);
	e->old = old;
	e->old_slots_kept = opp_snapshot_shares_slots(old, snap);
	__opp_edit_done(e);
	return 0;
}

/* Whether @opp is one of the OPPs of the &struct opp_batch @list. */
static bool opp_is_listed(struct dev_pm_opp *opp, const void *list)
{
	const struct opp_batch *batch = list;

	return opp_range_find_same(batch->opps, batch->nr, opp) == opp;
}

static bool opp_is_leaving(struct dev_pm_opp *opp, const void *unused)
{
	return opp->presence == OPP_LEAVING;
}

/*
 * With no lock held: the aftermath of an edit. The new OPPs of a batch are
 * shown and announced in @e->order (of which the batch took some), then the
 * references that kept them go. The OPPs @e unlisted, which left the
 * published snapshot, are seen off in table order: debugfs and the
 * notifiers hear of them, and the table's references on them go. Removed
 * dynamic OPPs let go of the table last, whether they left or linger.
 */
static void opp_edit_finish(struct opp_edit *e)
{
	const struct opp_batch *batch = e->published ? e->change.insert : NULL;
	unsigned int i;

	for (i = 0; batch && i < e->nr_order; i++) {
		/* Without an order of their own, the batch is the new OPPs. */
		if (e->order != batch->opps &&
		    !opp_is_listed(e->order[i], batch))
			continue;
		opp_debug_add_opp(e->table, e->order[i]);
		opp_notify(e->table, OPP_EVENT_ADD, e->order[i]);
	}
	for (i = 0; batch && i < batch->nr; i++)
		dev_pm_opp_put(batch->opps[i]);
	if (e->published && e->opp) {
		opp_notify(e->table, e->event, e->opp);
		opp_let_go(e->opp);
	}
	for (i = 0; e->published && i < e->nr_leaving; i++) {
		opp_debug_remove_opp(e->table, e->leaving[i]);
		opp_notify(e->table, OPP_EVENT_REMOVE, e->leaving[i]);
		opp_put(e->leaving[i], true);
	}
	kfree(e->leaving);
	if (e->published && e->old)
		opp_snapshot_retire(e->old, e->old_slots_kept);

	for (; e->nr_dynamic; e->nr_dynamic--)
		dev_pm_opp_put_opp_table(e->table);
}

/**
 * opp_table_set_shape() - set the sizes of the OPPs of an empty table
 * @table: the table, referenced by the caller
 * @shape: rates, supplies and interconnect paths per OPP
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return: 0; -EINVAL when @shape has no rate; -EBUSY when the table already
 * has OPPs of another shape, or @shape disagrees with its configured clocks
 * or regulators; -ENOMEM.
 */
int opp_table_set_shape(struct opp_table *table, const struct opp_shape *shape)
{
	/* An empty snapshot of the new shape, so that lookups check it. */
	struct opp_edit e = { .table = table, .change.shape = shape };
	struct opp_snapshot *snap;
	int ret;

	if (!shape->nr_clks)
		return -EINVAL;

	scoped_guard(mutex, &table->lock) {
		snap = __opp_table_snapshot(table);
		if (snap->nr_avail + snap->nr_unavail)
			return memcmp(&table->shape, shape, sizeof(*shape)) ?
			       -EBUSY : 0;
		/* Configured clocks and regulators fix those numbers. */
		if ((table->clks_configured &&
		     shape->nr_clks != table->nr_clk_handles) ||
		    (table->supplies_configured &&
		     shape->nr_supplies != table->shape.nr_supplies))
			return -EBUSY;

		ret = __opp_edit_publish(&e);
	}

	opp_edit_finish(&e);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(opp_table_set_shape);

/* Caller holds the table's lock. The first OPP, in table order, at a rate. */
static struct dev_pm_opp *__opp_table_find_rate(struct opp_table *table,
						unsigned long freq)
{
	struct opp_snapshot *snap = __opp_table_snapshot(table);
	struct opp_key key = { .kind = OPP_KEY_RATE };
	struct dev_pm_opp *avail, *unavail;

	lockdep_assert_held(&table->lock);

	avail = opp_snapshot_find(snap, &key, freq, OPP_MATCH_EXACT, true);
	unavail = opp_snapshot_find(snap, &key, freq, OPP_MATCH_EXACT, false);
	if (avail && unavail)
		return opp_cmp(avail, unavail) < 0 ? avail : unavail;

	return avail ?: unavail;
}

static bool opp_shape_equal(const struct opp_shape *a, struct dev_pm_opp *opp)
{
	return a->nr_clks == opp->nr_clks &&
	       a->nr_supplies == opp->nr_supplies &&
	       a->nr_paths == opp->nr_paths &&
	       a->nr_required == opp->nr_required;
}

/*
 * Caller holds the table's lock. How @opp, of the table's shape, relates to
 * the table's OPPs: see &enum opp_repeat and opp_is_harmless_repeat().
 */
static enum opp_repeat __opp_table_check_repeat(struct opp_table *table,
						struct dev_pm_opp *opp)
{
	struct opp_snapshot *snap = __opp_table_snapshot(table);
	struct dev_pm_opp *same;

	lockdep_assert_held(&table->lock);

	/* The OPP equal to @opp in table order, available or not. */
	same = opp_range_find_same(snap->opps, snap->nr_avail, opp) ?:
	       opp_range_find_same(snap->opps + snap->nr_avail,
				   snap->nr_unavail, opp);
	if (!same)
		return OPP_NEW;
	return opp_is_harmless_repeat(same, opp) ? OPP_REPEAT : OPP_CLASH;
}

/**
 * opp_table_add_batch() - publish several new OPPs in a table at once
 * @table: the table, referenced by the caller
 * @opps: the OPPs, from opp_alloc() with the table's shape, filled in and
 *	sorted by opp_cmp() without equal neighbours
 * @nr: how many
 * @order: @opps in the order the notifiers hear of them (a device tree
 *	table's node order), or NULL for @opps' own
 *
 * All or nothing: lookups see the table without any of @opps or with all of
 * those it takes. An OPP equal to one the table has, which is available and
 * has the same first voltage, is not taken: it is the same point (a harmless
 * repeat, see opp_is_harmless_repeat()), so a device tree table that repeats
 * an OPP added by code, or holds a second node for one point, still loads.
 * On success the taken OPPs are the first ones of @opps, in their order: the
 * table owns the caller's references on them and the notifiers got one
 * %OPP_EVENT_ADD for each; the others, and all of them on failure, still
 * belong to the caller.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return: the number of OPPs taken; -EINVAL when an OPP does not have the
 * table's shape; -EEXIST when the table already has an OPP equal to one of
 * @opps with another voltage, or a disabled one; -ENOMEM.
 */
int opp_table_add_batch(struct opp_table *table, struct dev_pm_opp **opps,
			unsigned int nr, struct dev_pm_opp * const *order)
{
	struct opp_batch batch = { .opps = opps };
	struct opp_edit e = {
		.table = table, .change.insert = &batch,
		.order = order ?: opps, .nr_order = nr,
	};
	unsigned long latency;
	enum opp_repeat repeat;
	unsigned int i;
	int ret;

	scoped_guard(mutex, &table->lock) {
		latency = table->clock_latency_ns_max;
		for (i = 0; i < nr; i++) {
			if (!opp_shape_equal(&table->shape, opps[i]))
				return -EINVAL;
			repeat = __opp_table_check_repeat(table, opps[i]);
			if (repeat == OPP_CLASH)
				return -EEXIST;
			if (repeat == OPP_REPEAT)
				continue;
			/* The new OPPs go to the front, in order. */
			latency = max(latency, opps[i]->clock_latency_ns);
			swap(opps[batch.nr], opps[i]);
			batch.nr++;
		}
		if (!batch.nr)
			return 0;
		if (!order)
			e.nr_order = batch.nr;

		ret = __opp_edit_publish(&e);
		if (!ret)
			WRITE_ONCE(table->clock_latency_ns_max, latency);
	}

	opp_edit_finish(&e);
	return ret ?: batch.nr;
}
EXPORT_SYMBOL_IF_KUNIT(opp_table_add_batch);

/**
 * opp_table_check_repeat() - whether a new OPP repeats one of a table
 * @table: the table, referenced by the caller
 * @opp: an OPP not published yet, of the table's shape
 *
 * OPPs of another shape are not compared: adding @opp to the table fails
 * then, whatever this says.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return: how @opp relates to the table's OPPs; see &enum opp_repeat.
 */
enum opp_repeat opp_table_check_repeat(struct opp_table *table,
				       struct dev_pm_opp *opp)
{
	guard(mutex)(&table->lock);
	if (!opp_shape_equal(&table->shape, opp))
		return OPP_NEW;
	return __opp_table_check_repeat(table, opp);
}

/*
 * Adds one dynamic OPP to @table, as opp_table_add_batch() does: 1 when the
 * table took it, 0 when it had an identical available OPP already, or an
 * error.
 */
static int opp_table_add_data(struct opp_table *table, struct device *dev,
			      const struct dev_pm_opp_data *data)
{
	struct opp_shape shape;
	struct dev_pm_opp *opp;
	unsigned long margin;
	bool regulators;
	int ret;

	scoped_guard(mutex, &table->lock) {
		shape = table->shape;
		margin = data->u_volt * table->voltage_tolerance_v1 / 100;
		regulators = table->supplies_configured;
	}
	if (!opp_expect_one_clock(shape.nr_clks))
		return -EINVAL;
	if (shape.nr_required) {
		dev_err(dev, "OPP table requires OPPs of other tables, which an OPP added by code cannot name\n");
		return -EINVAL;
	}

	opp = opp_alloc(&shape);
	if (!opp)
		return -ENOMEM;
	opp_rates(opp)[0] = data->freq;
	opp->level = data->level;
	opp->turbo = data->turbo;
	opp->available = true;
	opp->dynamic = true;
	opp_supplies(opp)->u_volt = data->u_volt;
	opp_supplies(opp)->u_volt_min = data->u_volt - margin;
	opp_supplies(opp)->u_volt_max = data->u_volt + margin;
	/* Most tables of OPPs added by code have no regulator to ask. */
	if (regulators)
		opp_check_regulators(table, dev, opp);

	ret = opp_table_add_batch(table, &opp, 1, NULL);
	if (ret == -EEXIST || !ret)
		dev_warn(dev, "OPP %lu Hz (%lu uV) added twice%s\n", data->freq,
			 data->u_volt, ret ? " with other values" : "");
	if (ret <= 0)
		opp_free(opp);
	return ret;
}

/**
 * dev_pm_opp_add_dynamic() - add an OPP to a device's table from code
 * @dev: the device; its table is created if it has none
 * @data: the OPP: rate, voltage, level and turbo flag
 *
 * The voltage becomes the target of the table's first supply, widened by the
 * table's voltage tolerance into a [min, max] window. An OPP equal to one the
 * table already has (same rate and level, same voltage, available) is
 * accepted and not added twice. The OPP keeps a reference on the table until
 * it is removed with dev_pm_opp_remove() or dev_pm_opp_remove_all_dynamic().
 * Notifiers get %OPP_EVENT_ADD.
 *
 * Context: Process context; may sleep.
 * Return:
 * * 0 - the OPP is in the table
 * * -EINVAL - @dev or @data is invalid, the table has several clocks, or
 *   its OPPs require OPPs of other tables
 * * -EEXIST - the table has an OPP with that rate and level but other values
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_add_dynamic(struct device *dev, struct dev_pm_opp_data *data)
{
	struct opp_table *table;
	int ret;

	if (!data)
		return -EINVAL;

	table = opp_table_get_or_create(dev, 0);
	if (IS_ERR(table))
		return PTR_ERR(table);

	ret = opp_table_get_clock(table, dev);
	if (!ret)
		ret = opp_table_add_data(table, dev, data);
	/* A conflicting duplicate has been warned about already. */
	if (ret < 0 && ret != -EINVAL && ret != -EEXIST)
		dev_err(dev, "cannot add OPP at %lu Hz: %d\n", data->freq, ret);

	/* A dynamic OPP in the table keeps the reference taken above. */
	if (ret <= 0)
		dev_pm_opp_put_opp_table(table);
	return min(ret, 0);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_add_dynamic);

#if OPP_ON_6_1
/**
 * dev_pm_opp_add() - add an OPP from code, with a rate and one voltage
 * @dev: the device
 * @freq: the rate in Hz
 * @u_volt: the voltage of its one supply, in microvolts
 *
 * dev_pm_opp_add_dynamic() with level 0 and nothing else. 6.12's header
 * makes it inline; 6.1 exports it, and its modules call it.
 *
 * Context: Process context; may sleep.
 * Return: what dev_pm_opp_add_dynamic() returns.
 */
int dev_pm_opp_add(struct device *dev, unsigned long freq, unsigned long u_volt)
{
	struct dev_pm_opp_data data = { .freq = freq, .u_volt = u_volt };

	return dev_pm_opp_add_dynamic(dev, &data);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_add);
#endif

/*
 * Caller holds the table's lock. Where one OPP of a removal or unlisting
 * goes: a listed OPP the removal selects leaves now when nobody else holds
 * it, else lingers; a lingering OPP leaves once nobody else holds it (any
 * removal takes those along).
 */
static void __opp_edit_place(struct opp_edit *e, struct dev_pm_opp *opp)
{
	lockdep_assert_held(&e->table->lock);

	if (opp->presence == OPP_LISTED) {
		if (!e->remove || !e->remove(opp, e->remove_arg))
			return;
		e->nr_dynamic += opp->dynamic;
		WRITE_ONCE(opp->lingers_in, e->table);
		/* Pairs with opp_drop(): see there. */
		smp_mb();
		opp->presence = OPP_LINGERING;
	} else if (opp->presence != OPP_LINGERING) {
		return;
	}

	if (kref_read(&opp->kref) == 1) {
		opp->presence = OPP_LEAVING;
		WRITE_ONCE(opp->lingers_in, NULL);
	}
}

static void opp_table_remove(struct opp_table *table, opp_filter_t remove,
			     const void *arg);

static void opp_table_unlisting_work(struct work_struct *work)
{
	struct opp_table *table = container_of(work, struct opp_table,
					       unlisting);
	int refs = atomic_xchg(&table->unlisting_refs, 0);

	opp_table_remove(table, NULL, NULL);
	while (refs--)
		dev_pm_opp_put_opp_table(table);
}

/*
 * Caller holds the table's lock. Removes what @e->remove selects, and
 * unlists what lingers for nobody: publishes a snapshot without the OPPs
 * that leave. The others linger. When there is no memory for the new
 * snapshot, the leaving OPPs linger too: a removal does not fail, and has
 * the table's work item try again (an unlisting, without @e->remove, leaves
 * it to the next put or removal, rather than retry in a loop). The OPPs that
 * leave are listed in @e->leaving.
 */
static void __opp_edit_remove(struct opp_edit *e)
{
	struct opp_table *table = e->table;
	struct opp_snapshot *snap = __opp_table_snapshot(table);
	unsigned int i, nr = snap->nr_avail + snap->nr_unavail, leaving = 0;

	lockdep_assert_held(&table->lock);

	if (!table->unlisting.func)
		INIT_WORK(&table->unlisting, opp_table_unlisting_work);

	for (i = 0; i < nr; i++) {
		__opp_edit_place(e, snap->opps[i]);
		leaving += snap->opps[i]->presence == OPP_LEAVING;
	}
	if (!leaving)
		return;

	/*
	 * What opp_edit_finish() sees off, in table order, once a later edit
	 * may already be deciding about the OPPs that stay.
	 */
	e->leaving = kmalloc_array(leaving, sizeof(*e->leaving), GFP_KERNEL);
	e->change = (struct opp_change){
		.drop = opp_is_leaving, .dropped = e->leaving,
	};
	if (e->leaving && !__opp_edit_publish(e)) {
		e->nr_leaving = leaving;
		return;
	}

	/* opp_edit_finish() frees @e->leaving, with nothing in it. */
	for (i = 0; i < nr; i++) {
		if (snap->opps[i]->presence != OPP_LEAVING)
			continue;
		WRITE_ONCE(snap->opps[i]->lingers_in, table);
		snap->opps[i]->presence = OPP_LINGERING;
	}
	if (!e->remove)
		return;
	kref_get(&table->kref);
	opp_queue_unlisting(table);
}

/*
 * Removes the OPPs @remove selects, or makes them linger while held, and
 * unlists the lingering OPPs nobody else holds; only the latter when
 * @remove is NULL.
 */
static void opp_table_remove(struct opp_table *table, opp_filter_t remove,
			     const void *arg)
{
	struct opp_edit e = {
		.table = table, .remove = remove, .remove_arg = arg,
	};

	scoped_guard(mutex, &table->lock)
		__opp_edit_remove(&e);
	opp_edit_finish(&e);
}

/**
 * opp_let_go() - drop a reference on an OPP from process context
 * @opp: the OPP; NULL and error pointers are ignored
 *
 * As dev_pm_opp_put(); a lingering OPP whose last other holder this was
 * leaves its table before this returns.
 *
 * Context: Process context, no OPP lock held; may sleep.
 */
void opp_let_go(struct dev_pm_opp *opp)
{
	struct opp_table *table __free(put_opp_table) = opp_drop(opp, true);

	if (table)
		opp_table_remove(table, NULL, NULL);
}

/**
 * dev_pm_opp_put() - drop a reference on an OPP
 * @opp: the OPP; NULL and error pointers are ignored
 *
 * The OPP is freed after a grace period once its table no longer lists it
 * and no caller holds it. An OPP removed while the caller held it stays
 * listed until its last holder lets go: that put unlists it and tells the
 * notifiers %OPP_EVENT_REMOVE, before returning when the caller may sleep,
 * from a work item shortly after otherwise.
 *
 * Context: Any context, including atomic; takes no lock, except the table's
 * for the last holder of a removed OPP in a context that may sleep.
 */
void dev_pm_opp_put(struct dev_pm_opp *opp)
{
	struct opp_table *table;

	if (IS_ERR_OR_NULL(opp))
		return;
	/* Mostly a count going down: the context matters only after that. */
	table = opp_drop_as_caller(opp);
	if (likely(!table))
		return;
	if (!opp_caller_may_sleep()) {
		opp_queue_unlisting(table);
		return;
	}
	opp_table_remove(table, NULL, NULL);
	dev_pm_opp_put_opp_table(table);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_put);

static bool opp_is(struct dev_pm_opp *opp, const void *which)
{
	return opp == which;
}

static bool opp_is_dynamic(struct dev_pm_opp *opp, const void *unused)
{
	return opp->dynamic;
}

static bool opp_is_static(struct dev_pm_opp *opp, const void *unused)
{
	return !opp->dynamic;
}

/*
 * Caller holds the table's lock. Does @e->event to the first OPP at @freq:
 * %OPP_EVENT_REMOVE removes it, or makes it linger while held (one that
 * lingers already is not removed twice); %OPP_EVENT_ENABLE and
 * %OPP_EVENT_DISABLE move it to the other array, unless it is on the right
 * one already; %OPP_EVENT_ADJUST_VOLTAGE gives it the voltage @volt.
 */
static int __opp_edit_rate(struct opp_edit *e, unsigned long freq,
			   const struct dev_pm_opp_supply *volt)
{
	struct dev_pm_opp *opp;

	lockdep_assert_held(&e->table->lock);

	opp = __opp_table_find_rate(e->table, freq);
	if (!opp)
		return -ENODEV;

	switch (e->event) {
	case OPP_EVENT_REMOVE:
		if (opp->presence != OPP_LISTED)
			return -ENODEV;
		e->remove = opp_is;
		e->remove_arg = opp;
		__opp_edit_remove(e);
		return 0;
	case OPP_EVENT_ADJUST_VOLTAGE:
		if (opp_supplies(opp)[0].u_volt == volt->u_volt)
			return 0;
		opp_write_first_supply(opp, volt);
		e->opp = opp;
		__opp_edit_done(e);
		return 0;
	default:
		if (e->event == (opp->available ? OPP_EVENT_ENABLE :
						  OPP_EVENT_DISABLE))
			return 0;
		e->change = (struct opp_change){ .flip = opp_is, .arg = opp };
		e->opp = opp;
		return __opp_edit_publish(e);
	}
}

/*
 * The writers that name an OPP by its only rate: does @event to the first
 * OPP at @freq in @dev's table, as __opp_edit_rate() says. A device without
 * a table gets a warning, except for a removal: drivers remove OPPs from
 * tables that may never have been built, but enabling or adjusting one
 * names a table that should exist.
 */
static int opp_edit_rate(struct device *dev, unsigned long freq,
			 enum dev_pm_opp_event event,
			 const struct dev_pm_opp_supply *volt)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(dev);
	struct opp_edit e = { .table = table, .event = event };
	int ret;

	if (IS_ERR(table)) {
		if (event != OPP_EVENT_REMOVE && !IS_ERR_OR_NULL(dev))
			dev_warn(dev, "no OPP table to change: %ld\n",
				 PTR_ERR(table));
		return PTR_ERR(table);
	}

	scoped_guard(mutex, &table->lock) {
		if (!opp_expect_one_clock(table->shape.nr_clks))
			return -EINVAL;
		ret = __opp_edit_rate(&e, freq, volt);
	}
	opp_edit_finish(&e);

	if (ret && event == OPP_EVENT_REMOVE)
		dev_warn(dev, "cannot remove OPP at %lu Hz: %d\n", freq, ret);
	/* Platforms disable rates their table may not have: say nothing. */
	else if (ret && ret != -ENODEV && event != OPP_EVENT_ADJUST_VOLTAGE)
		dev_err(dev, "cannot %s OPP at %lu Hz: %d\n",
			event == OPP_EVENT_ENABLE ? "enable" : "disable", freq,
			ret);
	return ret;
}

/**
 * dev_pm_opp_remove() - remove one OPP from a device's table
 * @dev: the device
 * @freq: the rate of the OPP, in Hz
 *
 * The first OPP at @freq, available or not, leaves the table at once, and
 * notifiers get %OPP_EVENT_REMOVE. When someone else holds it (a caller of
 * a find_*() function, or the table as its current OPP), it lingers
 * instead: lookups still find it and counts and debugfs still show it until
 * its last holder lets go, which unlists it and tells the notifiers then.
 * A lingering OPP is not removed twice. A dynamic OPP drops the reference
 * it held on the table at once.
 *
 * Context: Process context; takes the table's lock and may sleep.
 */
void dev_pm_opp_remove(struct device *dev, unsigned long freq)
{
	opp_edit_rate(dev, freq, OPP_EVENT_REMOVE, NULL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_remove);

/**
 * dev_pm_opp_remove_all_dynamic() - remove every OPP added by code
 * @dev: the device
 *
 * Removes the OPPs added with dev_pm_opp_add_dynamic(), as
 * dev_pm_opp_remove() would one by one; OPPs from firmware stay.
 *
 * Context: Process context; takes the table's lock and may sleep.
 */
void dev_pm_opp_remove_all_dynamic(struct device *dev)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(dev);

	if (!IS_ERR(table))
		opp_table_remove(table, opp_is_dynamic, NULL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_remove_all_dynamic);

/**
 * opp_table_populate_static() - fill a table from firmware, once
 * @table: the table, referenced by the caller; on success that reference
 *	belongs to this device's population, dropped by
 *	dev_pm_opp_remove_table()
 * @populate: builds and publishes the firmware OPPs; only called when no
 *	device populated the table yet
 * @data: passed to @populate
 *
 * A table shared by several devices is parsed by the first one; the others
 * only count as users. Populations are serialised with their removal, so no
 * user sees a half-built or half-removed table.
 *
 * Context: Process context; takes the table's static_lock and may sleep.
 * Return: 0, or the error of @populate.
 */
int opp_table_populate_static(struct opp_table *table,
			      int (*populate)(struct opp_table *table,
					      void *data),
			      void *data)
{
	int ret;

	guard(mutex)(&table->static_lock);

	ret = table->static_users ? 0 : populate(table, data);
	if (!ret)
		table->static_users++;
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(opp_table_populate_static);

/**
 * dev_pm_opp_remove_table() - undo a device's population of its table
 * @dev: the device
 *
 * Drops what the device's firmware population of the table holds; the last
 * one removes the OPPs that came from firmware. OPPs added by code stay (see
 * dev_pm_opp_remove_all_dynamic()). Nothing happens when @dev has no table.
 *
 * Context: Process context; may sleep.
 */
void dev_pm_opp_remove_table(struct device *dev)
{
	struct opp_table *table __free(put_opp_table) = opp_table_find(dev);

	/* A device without a table is fine, an invalid one a caller's bug. */
	if (IS_ERR(table)) {
		WARN(PTR_ERR(table) != -ENODEV,
		     "cannot remove the OPP table of an invalid device\n");
		return;
	}

	scoped_guard(mutex, &table->static_lock) {
		if (!table->static_users)
			return;
		/* The last user removes the firmware OPPs. */
		if (!--table->static_users)
			opp_table_remove(table, opp_is_static, NULL);
	}
	/* The reference the device's population held. */
	dev_pm_opp_put_opp_table(table);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_remove_table);

/**
 * dev_pm_opp_enable() - make a disabled OPP available again
 * @dev: the device
 * @freq: the rate of the OPP, in Hz
 *
 * Notifiers get %OPP_EVENT_ENABLE when the OPP was disabled; enabling an
 * available OPP does nothing.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return:
 * * 0 - the OPP is available
 * * -EINVAL - bad @dev, or its table has several clocks
 * * -ENODEV - @dev has no table, or the table no OPP at @freq
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_enable(struct device *dev, unsigned long freq)
{
	return opp_edit_rate(dev, freq, OPP_EVENT_ENABLE, NULL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_enable);

/**
 * dev_pm_opp_disable() - hide an OPP from lookups without removing it
 * @dev: the device
 * @freq: the rate of the OPP, in Hz
 *
 * Notifiers get %OPP_EVENT_DISABLE when the OPP was available; disabling a
 * disabled OPP does nothing. Callers that hold the OPP keep it.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return:
 * * 0 - the OPP is disabled
 * * -EINVAL - bad @dev, or its table has several clocks
 * * -ENODEV - @dev has no table, or the table no OPP at @freq
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_disable(struct device *dev, unsigned long freq)
{
	return opp_edit_rate(dev, freq, OPP_EVENT_DISABLE, NULL);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_disable);

/*
 * Caller holds the table's lock. Gives the OPPs waiting for a level the one
 * @level_of says, or back OPP_LEVEL_UNSET without it. Whether one changed.
 */
static bool __opp_store_inherited_levels(struct opp_table *table,
					 unsigned int (*level_of)(struct dev_pm_opp *opp))
{
	struct opp_snapshot *snap = __opp_table_snapshot(table);
	struct dev_pm_opp *opp;
	bool stored = false;
	unsigned int i, level;

	lockdep_assert_held(&table->lock);
	for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++) {
		opp = snap->opps[i];
		if (!opp->inherits_level)
			continue;
		level = level_of ? level_of(opp) : OPP_LEVEL_UNSET;
		stored |= level != opp->level;
		WRITE_ONCE(opp->level, level);
	}

	return stored;
}

/**
 * opp_table_inherit_levels() - store the levels OPPs take from elsewhere
 * @table: the table, referenced by the caller
 * @level_of: the level an OPP waiting for one takes; NULL when the OPPs
 *	keep none of their own
 *
 * Every OPP of @table that waits for a level gets the one @level_of gives,
 * and waits no more. A new snapshot orders the table by the new levels.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return: 0, or -ENOMEM (nothing changed then).
 */
int opp_table_inherit_levels(struct opp_table *table,
			     unsigned int (*level_of)(struct dev_pm_opp *opp))
{
	struct opp_edit e = { .table = table };
	struct opp_snapshot *snap;
	unsigned int i;
	int ret = 0;

	scoped_guard(mutex, &table->lock) {
		if (level_of && __opp_store_inherited_levels(table, level_of))
			ret = __opp_edit_publish(&e);
		if (ret) {
			__opp_store_inherited_levels(table, NULL);
			return ret;
		}
		snap = __opp_table_snapshot(table);
		for (i = 0; i < snap->nr_avail + snap->nr_unavail; i++)
			/* Pairs with __opp_required_search(): level first. */
			smp_store_release(&snap->opps[i]->inherits_level, false);
	}

	opp_edit_finish(&e);
	return 0;
}

/**
 * opp_table_disable_unmet() - disable the OPPs whose requirements are not met
 * @table: the table, referenced by the caller
 * @unmet: says whether an available OPP of @table must be disabled; called
 *	once per available OPP under the table's lock, so it may only look,
 *	not sleep on OPP locks
 *
 * For required OPPs that turn out to be disabled once their table is there:
 * the OPPs that need them cannot run, so they become unavailable, in one new
 * snapshot and without a notification (the table is still being set up).
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return: the number of OPPs disabled, or -ENOMEM (nothing changed then).
 */
int opp_table_disable_unmet(struct opp_table *table,
			    bool (*unmet)(struct dev_pm_opp *opp))
{
	struct opp_batch list = {};
	struct opp_edit e = {
		.table = table,
		.change = { .flip = opp_is_listed, .arg = &list },
	};
	struct opp_snapshot *snap;
	unsigned int i;
	int ret = 0;

	scoped_guard(mutex, &table->lock) {
		snap = __opp_table_snapshot(table);

		/* Only publishing reads the list: it goes with the lock. */
		struct dev_pm_opp **opps __free(kfree) =
			kmalloc_array(max(snap->nr_avail, 1U), sizeof(*opps),
				      GFP_KERNEL);

		if (!opps)
			return -ENOMEM;
		/* In the order of the available array, which is opp_cmp()'s. */
		for (i = 0; i < snap->nr_avail; i++)
			if (unmet(snap->opps[i]))
				opps[list.nr++] = snap->opps[i];
		list.opps = opps;
		if (list.nr)
			ret = __opp_edit_publish(&e);
	}

	opp_edit_finish(&e);
	return ret ?: list.nr;
}

/**
 * dev_pm_opp_adjust_voltage() - change the voltage of an OPP's first supply
 * @dev: the device
 * @freq: the rate of the OPP, in Hz
 * @u_volt: the new target voltage, in microvolts
 * @u_volt_min: the new lowest voltage, in microvolts
 * @u_volt_max: the new highest voltage, in microvolts
 *
 * Readers see the old values or the new ones, never a mix. Notifiers get
 * %OPP_EVENT_ADJUST_VOLTAGE unless the target voltage was already @u_volt,
 * in which case nothing changes.
 *
 * Context: Process context; takes the table's lock and may sleep.
 * Return:
 * * 0 - the OPP has the new voltage
 * * -EINVAL - bad @dev, or its table has several clocks
 * * -ENODEV - @dev has no table, or the table no OPP at @freq
 */
int dev_pm_opp_adjust_voltage(struct device *dev, unsigned long freq,
			      unsigned long u_volt, unsigned long u_volt_min,
			      unsigned long u_volt_max)
{
	const struct dev_pm_opp_supply volt = {
		.u_volt = u_volt,
		.u_volt_min = u_volt_min,
		.u_volt_max = u_volt_max,
	};

	return opp_edit_rate(dev, freq, OPP_EVENT_ADJUST_VOLTAGE, &volt);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_adjust_voltage);
