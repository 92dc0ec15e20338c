// SPDX-License-Identifier: GPL-2.0-only
/*
 * OPP objects: allocation, references, release, and the getters that read
 * one OPP. Of tables, only what a lingering OPP's last holder needs: the
 * table to hand the OPP back to.
 */

#include "opp.h"

/**
 * opp_alloc() - allocate an OPP of a given shape, not yet in any table
 * @shape: the sizes of the table the OPP is meant for
 *
 * The OPP comes with one reference, which becomes the table's when the OPP
 * is added, and with its level set to %OPP_LEVEL_UNSET.
 *
 * Context: Process context; may sleep.
 * Return: the OPP, or NULL when out of memory.
 */
struct dev_pm_opp *opp_alloc(const struct opp_shape *shape)
{
	unsigned int nr_storage = max_t(unsigned int, shape->nr_supplies, 1);
	/* The counts are u8: the sum cannot overflow. */
	size_t size = sizeof(struct dev_pm_opp) +
		      shape->nr_clks * sizeof(unsigned long) +
		      nr_storage * sizeof(struct dev_pm_opp_supply) +
		      shape->nr_paths * sizeof(struct opp_icc_bw) +
		      shape->nr_required * sizeof(struct device_node *);
	struct dev_pm_opp *opp = kzalloc(size, GFP_KERNEL);

	if (!opp)
		return NULL;

	kref_init(&opp->kref);
	opp->nr_clks = shape->nr_clks;
	opp->nr_supplies = shape->nr_supplies;
	opp->nr_paths = shape->nr_paths;
	opp->nr_required = shape->nr_required;
	opp->level = OPP_LEVEL_UNSET;
	seqcount_init(&opp->supplies_seq);

	return opp;
}
EXPORT_SYMBOL_IF_KUNIT(opp_alloc);

/* Drops the device tree nodes an OPP holds: its own and its required ones. */
static void opp_put_nodes(struct dev_pm_opp *opp)
{
	unsigned int i;

	for (i = 0; i < opp->nr_required; i++)
		of_node_put(opp_required_nps(opp)[i]);
	of_node_put(opp->np);
}

/**
 * opp_free() - free an OPP that no reader can see
 * @opp: the OPP
 *
 * Context: Process context; drops device tree node references.
 */
void opp_free(struct dev_pm_opp *opp)
{
	opp_put_nodes(opp);
	kfree(opp);
}
EXPORT_SYMBOL_IF_KUNIT(opp_free);

/*
 * The last put of an OPP may come from a reader in atomic context, while
 * dropping device tree nodes may sleep: released OPPs are freed in batches
 * by a work item, after a grace period that covers every reader of them.
 */
static LLIST_HEAD(opp_released);

static void opp_free_released(struct work_struct *work)
{
	struct llist_node *list = llist_del_all(&opp_released);
	struct dev_pm_opp *opp, *tmp;

	synchronize_rcu();
	llist_for_each_entry_safe(opp, tmp, list, release)
		opp_free(opp);
}

static DECLARE_WORK(opp_release_work, opp_free_released);

/**
 * opp_flush_releases() - wait until every released OPP is freed
 *
 * For tests that remove the device tree nodes the OPPs referenced.
 *
 * Context: Process context; sleeps.
 */
void opp_flush_releases(void)
{
	flush_work(&opp_release_work);
}
EXPORT_SYMBOL_IF_KUNIT(opp_flush_releases);

static void opp_release(struct kref *kref)
{
	struct dev_pm_opp *opp = container_of(kref, struct dev_pm_opp, kref);

	if (llist_add(&opp->release, &opp_released))
		schedule_work(&opp_release_work);
}

/*
 * The last reference went away in process context: nobody can take a new
 * one (readers use kref_get_unless_zero()), so the device tree nodes are
 * dropped at once, and only the memory waits for the readers that may still
 * look at the OPP.
 */
static void opp_release_sleepable(struct kref *kref)
{
	struct dev_pm_opp *opp = container_of(kref, struct dev_pm_opp, kref);

	opp_put_nodes(opp);
	kvfree_rcu_mightsleep(opp);
}

/*
 * A lingering OPP whose last other holder let go in a context that cannot
 * sleep: its table's work item unlists it. The holder's table reference
 * goes with it, counted, since a pending work item runs once for many
 * holders.
 */
void opp_queue_unlisting(struct opp_table *table)
{
	atomic_inc(&table->unlisting_refs);
	queue_work(system_wq, &table->unlisting);
}

/**
 * opp_lingering_table() - the table to unlist a lingering OPP from
 * @opp: an OPP that lingers, whose reference was just dropped, not the last
 *	(see opp_after_put())
 *
 * Context: Any context.
 * Return: its table, referenced, when the table's own reference is the only
 * one left on @opp; NULL otherwise.
 */
struct opp_table *opp_lingering_table(struct dev_pm_opp *opp)
{
	struct opp_table *table;

	if (kref_read(&opp->kref) != 1)
		return NULL;

	guard(rcu)();
	table = READ_ONCE(opp->lingers_in);
	return table && kref_get_unless_zero(&table->kref) ? table : NULL;
}

/**
 * opp_drop() - drop a reference on an OPP, and say if it must be unlisted
 * @opp: the OPP; NULL and error pointers are ignored
 * @sleepable: the caller may sleep, so the last reference releases the
 *	OPP's device tree nodes at once
 *
 * Context: Any context when !@sleepable; else process context.
 * Return: the table @opp lingers in, referenced, when the table's own
 * reference is the only one left: the caller unlists @opp from it (see
 * edit.c) and drops the table reference. NULL otherwise.
 */
struct opp_table *opp_drop(struct dev_pm_opp *opp, bool sleepable)
{
	if (IS_ERR_OR_NULL(opp) ||
	    kref_put(&opp->kref, sleepable ? opp_release_sleepable : opp_release))
		return NULL;
	return opp_after_put(opp);
}

/**
 * opp_release_as_caller() - release an OPP as the context of the last put
 *	allows
 * @kref: the OPP's count, which just reached zero
 *
 * Context: Any context.
 */
void opp_release_as_caller(struct kref *kref)
{
	if (opp_caller_may_sleep())
		opp_release_sleepable(kref);
	else
		opp_release(kref);
}

/**
 * opp_put() - drop a reference on an OPP without unlisting it at once
 * @opp: the OPP; NULL and error pointers are ignored
 * @sleepable: the caller may sleep, so the last reference releases the
 *	OPP's device tree nodes before returning: a table removed by the core
 *	then leaves no node reference behind once no caller holds its OPPs
 *
 * As dev_pm_opp_put() in a context that cannot sleep: a lingering OPP whose
 * last other holder this was is unlisted by its table's work item.
 *
 * Context: Any context, including atomic, without @sleepable; process
 * context, may sleep, with it.
 */
void opp_put(struct dev_pm_opp *opp, bool sleepable)
{
	struct opp_table *table;

	might_sleep_if(sleepable);
	table = opp_drop(opp, sleepable);
	if (table)
		opp_queue_unlisting(table);
}

/**
 * dev_pm_opp_get() - take one more reference on an OPP
 * @opp: an OPP the caller already holds a reference on
 *
 * The new reference is dropped with dev_pm_opp_put(). Returning @opp lets a
 * caller hand out a reference in one statement: ``return dev_pm_opp_get(opp);``
 * Callers that ignore the result are unaffected.
 *
 * Context: Any context, including atomic.
 * Return: @opp.
 */
struct dev_pm_opp *dev_pm_opp_get(struct dev_pm_opp *opp)
{
	kref_get(&opp->kref);
	return opp;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get);

/**
 * opp_read_supplies() - copy some of an OPP's supplies, never half adjusted
 * @opp: an OPP the caller holds
 * @first: the first supply to copy
 * @out: room for @nr entries
 * @nr: how many supplies to copy; @first + @nr is at most
 *	max(1, @opp->nr_supplies)
 *
 * Context: Any context, including atomic; takes no lock. Retries while
 * dev_pm_opp_adjust_voltage() changes the first supply.
 */
void opp_read_supplies(struct dev_pm_opp *opp, unsigned int first,
		       struct dev_pm_opp_supply *out, unsigned int nr)
{
	unsigned int seq;

	do {
		seq = read_seqcount_begin(&opp->supplies_seq);
		memcpy(out, opp_supplies(opp) + first,
		       array_size(nr, sizeof(*out)));
	} while (read_seqcount_retry(&opp->supplies_seq, seq));
}

/**
 * opp_write_first_supply() - change an OPP's first supply in place
 * @opp: the OPP
 * @v: the new target, minimum and maximum voltages (the current and power
 *	stay)
 *
 * Interrupts are off across the write section, so that a reader in an
 * interrupt on this CPU never waits for a writer it interrupted.
 *
 * Context: Caller holds the lock of the table that lists @opp, which makes
 * it the only writer.
 */
void opp_write_first_supply(struct dev_pm_opp *opp,
			    const struct dev_pm_opp_supply *v)
{
	struct dev_pm_opp_supply *supply = opp_supplies(opp);
	unsigned long flags;

	local_irq_save(flags);
	write_seqcount_begin(&opp->supplies_seq);
	WRITE_ONCE(supply->u_volt, v->u_volt);
	WRITE_ONCE(supply->u_volt_min, v->u_volt_min);
	WRITE_ONCE(supply->u_volt_max, v->u_volt_max);
	write_seqcount_end(&opp->supplies_seq);
	local_irq_restore(flags);
}

/**
 * dev_pm_opp_get_voltage() - the voltage of an OPP's first supply
 * @opp: an OPP the caller holds a reference on
 *
 * Meant for devices with one supply; see dev_pm_opp_get_supplies() for more.
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the target voltage in microvolts, or 0 for a NULL or error @opp.
 */
unsigned long dev_pm_opp_get_voltage(struct dev_pm_opp *opp)
{
	if (IS_ERR_OR_NULL(opp)) {
		pr_err("voltage asked of an invalid OPP\n");
		return 0;
	}

	/*
	 * One aligned word, which an adjustment rewrites whole: the old
	 * voltage or the new one, as the caller would get a moment earlier or
	 * later.
	 */
	return data_race(opp_supplies(opp)[0].u_volt);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_voltage);

/**
 * dev_pm_opp_get_supplies() - copy the values of every supply of an OPP
 * @opp: an OPP the caller holds a reference on
 * @supplies: room for one entry per supply of the OPP's table
 *
 * The copy is consistent: it never mixes values from before and after a
 * concurrent dev_pm_opp_adjust_voltage().
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: 0, or -EINVAL when @opp or @supplies is invalid.
 */
int dev_pm_opp_get_supplies(struct dev_pm_opp *opp,
			    struct dev_pm_opp_supply *supplies)
{
	if (IS_ERR_OR_NULL(opp) || !supplies) {
		pr_err("supplies asked of an invalid OPP\n");
		return -EINVAL;
	}

	opp_read_supplies(opp, 0, supplies, opp->nr_supplies);
	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_supplies);

/**
 * dev_pm_opp_get_power() - the power an OPP draws from all its supplies
 * @opp: an OPP the caller holds a reference on
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the sum of the supplies' power in microwatts, or 0 for an invalid
 * @opp.
 */
unsigned long dev_pm_opp_get_power(struct dev_pm_opp *opp)
{
	unsigned long power = 0;
	unsigned int i;

	if (IS_ERR_OR_NULL(opp)) {
		pr_err("power asked of an invalid OPP\n");
		return 0;
	}

	/* Adjustments leave the power as it is: no field here changes. */
	for (i = 0; i < opp->nr_supplies; i++)
		power += opp_supplies(opp)[i].u_watt;

	return power;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_power);

/**
 * dev_pm_opp_get_freq_indexed() - the rate of one clock at an OPP
 * @opp: an OPP the caller holds a reference on
 * @index: the clock, in the order of the table's clocks
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the rate in Hz, or 0 for an invalid @opp or @index.
 */
unsigned long dev_pm_opp_get_freq_indexed(struct dev_pm_opp *opp, u32 index)
{
	if (IS_ERR_OR_NULL(opp) || index >= opp->nr_clks) {
		pr_err("rate %u asked of an invalid OPP\n", index);
		return 0;
	}

	return opp_rates(opp)[index];
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_freq_indexed);

/**
 * dev_pm_opp_is_turbo() - whether an OPP is a boost point
 * @opp: an OPP the caller holds a reference on
 *
 * Turbo OPPs give short bursts of speed and are not meant for sustained use.
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: true for an available turbo OPP; false otherwise, and for an
 * invalid or disabled @opp.
 */
bool dev_pm_opp_is_turbo(struct dev_pm_opp *opp)
{
	if (IS_ERR_OR_NULL(opp) || !READ_ONCE(opp->available)) {
		pr_err("turbo asked of an invalid or disabled OPP\n");
		return false;
	}

	return opp->turbo;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_is_turbo);

/**
 * dev_pm_opp_get_bw() - the bandwidth an OPP asks of one interconnect path
 * @opp: an OPP the caller holds a reference on
 * @peak: true for the peak bandwidth, false for the average
 * @index: the path, in "interconnects" order
 *
 * Context: Any context, including atomic; takes no lock.
 * Return: the bandwidth in kBps; 0 when the OPP has none on that path, and 0
 * with a warning for a NULL or error @opp or an @index that names no path
 * of the OPP's table.
 */
unsigned long dev_pm_opp_get_bw(struct dev_pm_opp *opp, bool peak, int index)
{
	if (IS_ERR_OR_NULL(opp)) {
		pr_warn("bandwidth asked of an invalid OPP\n");
		return 0;
	}
	if (index < 0 || index >= opp->nr_paths) {
		pr_warn("bandwidth of path %d asked of an OPP with %u paths\n",
			index, opp->nr_paths);
		return 0;
	}

	return peak ? opp_bw(opp)[index].peak : opp_bw(opp)[index].avg;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_bw);
