// SPDX-License-Identifier: GPL-2.0-only
/*
 * Device tree OPP tables: "operating-points-v2" (and the legacy
 * "operating-points") turned into the core's tables.
 *
 * The tables boards ship were validated against the OPPs they yield and the
 * errors they give, so which nodes load, which are skipped and which fail
 * the table, and with which error, is part of the binding: a skipped node
 * may be a point the chip was never qualified at, a loaded one the point a
 * board suspends at or needs for its workload, and a driver's probe takes
 * its error path on the error it gets (sdhci-msm, the Qualcomm SPI drivers
 * and panfrost go on without DVFS on -ENODEV and fail on any other error).
 * The nodes are read in device tree order, each checked in one fixed
 * order, so that a node with several faults is skipped or fails the table
 * for the same fault every time (a skipped node is warned about, by name);
 * nothing is published until the last node is read: then the OPPs enter
 * the table all at once. A load that fails says which node and why, and
 * leaves nothing of the table behind. A table whose required OPPs lead
 * back to it is refused: its OPPs would hold each other in a circle of
 * references and never be freed.
 */

#include "of.h"

#include <linux/cpu.h>
#include <linux/cpumask.h>

/**
 * dev_pm_opp_of_get_opp_desc_node() - the OPP table node of a device
 * @dev: the device
 *
 * Context: Process context.
 * Return: the node its first "operating-points-v2" phandle points to, with a
 * reference the caller drops with of_node_put(), or NULL.
 */
struct device_node *dev_pm_opp_of_get_opp_desc_node(struct device *dev)
{
	return of_parse_phandle(dev->of_node, "operating-points-v2", 0);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_get_opp_desc_node);

/* ------------------------------------------------------------------------ */
/* Taking OPPs into the table being built                                    */
/* ------------------------------------------------------------------------ */

static unsigned long opp_of_volt(struct dev_pm_opp *opp, unsigned int supply)
{
	return opp_supplies(opp)[supply].u_volt;
}

/*
 * An OPP equal in table order to one taken before, or to one the table has
 * (added by code), is ignored when opp_is_harmless_repeat() says so; any
 * other would make lookups ambiguous, so the table is refused.
 */
static enum opp_repeat opp_of_check_repeat(const struct opp_of_parser *p,
					   struct dev_pm_opp *opp)
{
	struct dev_pm_opp *same = opp_range_find_same(p->opps, p->nr, opp);
	struct device_node *np = opp->np ?: p->dev->of_node;
	unsigned long rate = opp_rates(opp)[0];
	enum opp_repeat repeat;

	if (!same) {
		repeat = opp_table_check_repeat(p->table, opp);
		if (repeat == OPP_REPEAT)
			dev_warn(p->dev, "%pOF: repeats the OPP at %lu Hz added by code; ignoring it\n",
				 np, rate);
		else if (repeat == OPP_CLASH)
			dev_warn(p->dev, "%pOF: the OPP at %lu Hz was added by code with another voltage, or is disabled\n",
				 np, rate);
	} else if (opp_is_harmless_repeat(same, opp)) {
		dev_warn(p->dev, "%pOF: repeats the OPP at %lu Hz of %pOF; ignoring it\n",
			 np, rate, same->np ?: np);
		repeat = OPP_REPEAT;
	} else {
		dev_warn(p->dev, "%pOF: the OPP at %lu Hz of %pOF has %lu uV, this one %lu uV%s\n",
			 np, rate, same->np ?: np, opp_of_volt(same, 0),
			 opp_of_volt(opp, 0),
			 same->available ? "" : " (and is disabled)");
		repeat = OPP_CLASH;
	}

	/* A clash is a duplicate (warned above) that fails the table. */
	if (repeat == OPP_CLASH)
		dev_err(p->dev, "%pOF: cannot load the table: -EEXIST\n", np);
	return repeat;
}

/*
 * Takes a new OPP into the sorted set, in device tree order, checking
 * repeats first, then whether the regulators can give its voltages and
 * whether its required OPPs are available. The order decides which of two
 * nodes for one point survives and when the table fails with -EEXIST (a
 * repeat of an OPP these checks disabled is a clash); another order would
 * change which OPPs a board gets. Consumes @opp.
 */
static int opp_of_take(struct opp_of_parser *p, struct dev_pm_opp *opp)
{
	enum opp_repeat repeat = opp_of_check_repeat(p, opp);
	unsigned int pos = opp_lower_bound(p->opps, p->nr, opp);

	if (repeat != OPP_NEW) {
		opp_free(opp);
		return repeat == OPP_CLASH ? -EEXIST : 0;
	}

	/*
	 * Lint: nodes should ascend. Overlays attach nodes in reverse, so their
	 * order says nothing about the source and is not checked.
	 */
	if (p->nr && !p->unordered && opp->np &&
	    !of_node_check_flag(opp->np, OF_OVERLAY) &&
	    opp_cmp(p->arrived[p->nr - 1], opp) > 0) {
		dev_warn(p->dev, "%pOF: OPP nodes are not in ascending order\n",
			 opp->np);
		p->unordered = true;
	}

	memmove(&p->opps[pos + 1], &p->opps[pos],
		(p->nr - pos) * sizeof(*p->opps));
	p->opps[pos] = opp;
	p->arrived[p->nr++] = opp;

	opp_check_regulators(p->table, p->dev, opp);
	if (p->shape.nr_required && !p->lazy)
		opp_required_check_available(p->dev, opp);
	return 0;
}

/* Lint: a voltage that falls while the rate rises is usually a typo. */
static void opp_of_lint_voltages(const struct opp_of_parser *p)
{
	unsigned int i, s;

	for (i = 1; i < p->nr; i++) {
		struct dev_pm_opp *lo = p->opps[i - 1], *hi = p->opps[i];

		if (!hi->np || opp_rates(lo)[0] >= opp_rates(hi)[0])
			continue;
		for (s = 0; s < p->shape.nr_supplies; s++)
			if (opp_of_volt(hi, s) && opp_of_volt(hi, s) < opp_of_volt(lo, s))
				dev_warn(p->dev, "%pOF: supply %u drops to %lu uV at %lu Hz from %lu uV at %lu Hz; is a digit missing?\n",
					 hi->np, s, opp_of_volt(hi, s),
					 opp_rates(hi)[0], opp_of_volt(lo, s),
					 opp_rates(lo)[0]);
	}
}

/* Publishes the OPPs taken, all at once. */
static int opp_of_finish(struct opp_of_parser *p)
{
	int ret, i = p->nr - 1;

	/*
	 * Several "opp-suspend" (one per hardware variant, say): the fastest
	 * wins.
	 */
	while (i >= 0 && !p->opps[i]->suspend)
		i--;
	while (--i >= 0)
		p->opps[i]->suspend = false;

	opp_of_lint_voltages(p);

	ret = opp_table_set_shape(p->table, &p->shape);
	if (ret == -EBUSY)
		dev_err(p->dev, "OPP table already holds OPPs of another shape\n");
	if (ret)
		return ret;

	ret = opp_table_add_batch(p->table, p->opps, p->nr, p->arrived);
	if (ret == -EEXIST)
		dev_err(p->dev, "OPPs from firmware clash with OPPs added by code meanwhile\n");
	if (ret < 0)
		return ret;

	/* The table owns the first ones now; the others repeated its own. */
	while (p->nr > ret)
		opp_free(p->opps[--p->nr]);
	p->nr = 0;
	return 0;
}

/* Room for @nr OPPs, kept sorted and in the order their nodes came. */
static int opp_of_alloc_opps(struct opp_of_parser *p, unsigned int nr)
{
	p->opps = kcalloc(max(nr, 1U), sizeof(*p->opps), GFP_KERNEL);
	p->arrived = kcalloc(max(nr, 1U), sizeof(*p->arrived), GFP_KERNEL);
	return p->opps && p->arrived ? 0 : -ENOMEM;
}

/* ------------------------------------------------------------------------ */
/* operating-points-v2                                                       */
/* ------------------------------------------------------------------------ */

/*
 * Only a path that is not there yet fails the load, with -EPROBE_DEFER so
 * that the driver probes again once the interconnect provider is up. A table
 * whose paths cannot be had at all loads without bandwidths (and its OPPs
 * that have some fail on their own): the device loses its bandwidth votes
 * but keeps scaling its clocks and supplies.
 */
static int opp_of_setup_paths(struct opp_of_parser *p)
{
	int nr = opp_of_count_paths(p->dev, p->np, false), ret = 0;

	/* An OPP counts its paths in a byte. */
	if (nr > U8_MAX) {
		dev_err(p->dev, "%pOF: %d interconnect paths, more than %u\n",
			p->dev->of_node, nr, U8_MAX);
		return -EINVAL;
	}
	if (nr > 0)
		ret = __opp_table_keep_paths(p->dev, p->table, nr);
	if (ret == -EPROBE_DEFER || ret == -ENOMEM)
		return ret;
	if (nr < 0 || ret) {
		dev_warn(p->dev, "%pOF: no interconnect path for the table's bandwidths: %d\n",
			 p->dev->of_node, nr < 0 ? nr : ret);
		nr = 0;
	}

	p->shape.nr_paths = nr;
	return 0;
}

/*
 * The tables the table's OPPs require OPPs of, one per entry of its first
 * OPP, and whether each is loaded. An entry that names no node makes the
 * table's OPPs require nothing: the table loads and the device scales its
 * clocks and supplies instead of failing its probe.
 */
static int opp_of_setup_required(struct opp_of_parser *p)
{
	struct device_node *first __free(device_node) =
		of_get_next_available_child(p->np, NULL);
	int count = opp_of_node_required_entries(first), i;

	p->shape.nr_required = 0;
	if (!count)
		return 0;
	if (count < 0) {
		p->required_dropped = true;
		dev_warn(p->dev, "%pOF: required-opps has an entry that names no node; the table's OPPs require nothing\n",
			 first);
		return 0;
	}
	/* An OPP counts its required OPPs in a byte. */
	if (count > U8_MAX) {
		dev_err(p->dev, "%pOF: required-opps has %d entries, more than %u\n",
			first, count, U8_MAX);
		return -EINVAL;
	}

	p->req = kcalloc(count, sizeof(*p->req), GFP_KERNEL);
	if (!p->req)
		return -ENOMEM;

	p->shape.nr_required = count;
	for (i = 0; i < count; i++) {
		p->req[i].table = opp_of_required_table(first, i);
		p->req[i].loaded = opp_table_np_loaded(p->req[i].table);
		p->lazy |= !p->req[i].loaded;
	}

	return 0;
}

static int opp_of_parse_v2(struct opp_of_parser *p)
{
	int ret;

	if (of_property_present(p->dev->of_node, "operating-points"))
		dev_warn(p->dev, "%pOF: has operating-points and operating-points-v2; using v2\n",
			 p->dev->of_node);

	ret = opp_of_setup_paths(p);
	if (!ret)
		ret = opp_of_setup_required(p);
	if (!ret && p->shape.nr_required)
		ret = opp_required_check_loop(p->dev, p->np);
	if (!ret)
		ret = opp_of_alloc_opps(p, of_get_available_child_count(p->np));
	if (ret)
		return ret;

	for_each_available_child_of_node_scoped(p->np, child) {
		struct dev_pm_opp *opp = opp_of_read_opp(p, child);

		ret = IS_ERR_OR_NULL(opp) ? PTR_ERR_OR_ZERO(opp) :
					    opp_of_take(p, opp);
		if (ret)
			return ret;
	}

	if (!p->nr) {
		dev_err(p->dev, "%pOF: no OPP is usable on this hardware\n",
			p->np);
		return -ENOENT;
	}

	ret = opp_of_finish(p);
	if (!ret)
		WRITE_ONCE(p->table->required_pending, p->lazy);
	return ret;
}

/* ------------------------------------------------------------------------ */
/* operating-points (legacy)                                                 */
/* ------------------------------------------------------------------------ */

/*
 * The OPPs of the legacy binding have level 0, as OPPs from dev_pm_opp_add()
 * do (neither takes a level): an OPP a driver adds at a rate of the legacy
 * table is then the same OPP, a harmless repeat, not a second one.
 */
static struct dev_pm_opp *opp_of_make_v1(struct opp_of_parser *p,
					 const struct property *prop, int i)
{
	u32 khz = opp_of_cell(prop, 2 * i), uv = opp_of_cell(prop, 2 * i + 1);
	unsigned long margin = (unsigned long)uv *
			       p->table->voltage_tolerance_v1 / 100;
	struct dev_pm_opp *opp;

	if (!khz)
		dev_warn(p->dev, "%pOF: operating-points entry %d has 0 kHz\n",
			 p->dev->of_node, i);
	opp = opp_alloc(&p->shape);
	if (!opp)
		return NULL;

	opp_rates(opp)[0] = (unsigned long)khz * 1000;
	opp_supplies(opp)->u_volt = uv;
	opp_supplies(opp)->u_volt_min = uv - margin;
	opp_supplies(opp)->u_volt_max = uv + margin;
	opp->level = 0;
	opp->available = true;
	return opp;
}

/*
 * "operating-points": the errors (-ENODATA without a value, -EINVAL for a
 * list that is not pairs) are those the drivers of old boards were written
 * against.
 */
static int opp_of_parse_v1(struct opp_of_parser *p)
{
	struct device_node *np = p->dev->of_node;
	struct property *prop = of_find_property(np, "operating-points", NULL);
	unsigned int cells = prop ? prop->length / sizeof(u32) : 0;
	int i, ret;

	if (!prop)
		return -ENODEV;
	if (!prop->value) {
		dev_err(p->dev, "%pOF: operating-points has no value\n", np);
		return -ENODATA;
	}
	if (cells % 2) {
		dev_err(p->dev, "%pOF: operating-points has %u cells, not <kHz uV> pairs\n",
			np, cells);
		return -EINVAL;
	}
	if (prop->length % sizeof(u32))
		dev_warn(p->dev, "%pOF: operating-points is %d bytes; reading %u cells\n",
			 np, prop->length, cells);
	if (!cells)
		dev_warn(p->dev, "%pOF: operating-points is empty; the table has no OPP\n",
			 np);
	if (cells && p->shape.nr_clks != 1) {
		dev_err(p->dev, "%pOF: operating-points has one rate per OPP, the table %u clocks\n",
			np, p->shape.nr_clks);
		return -EINVAL;
	}

	p->shape.nr_paths = 0;
	p->shape.nr_required = 0;
	/* Without named regulators, the voltages drive no supply. */
	if (!p->supplies_known)
		p->shape.nr_supplies = 0;
	ret = opp_of_alloc_opps(p, cells / 2);
	for (i = 0; i < cells / 2 && !ret; i++) {
		struct dev_pm_opp *opp = opp_of_make_v1(p, prop, i);

		ret = opp ? opp_of_take(p, opp) : -ENOMEM;
	}

	return ret ?: opp_of_finish(p);
}

/* ------------------------------------------------------------------------ */
/* Loading and removing tables                                               */
/* ------------------------------------------------------------------------ */

/*
 * Reads the table and publishes it. A load that fails once OPPs were taken:
 * the notifiers hear of each addition, then of each removal (in table
 * order), as if each node's OPP had been added as it came and all removed
 * on the error, though no lookup ever saw those OPPs; their clock latencies
 * still count in the table's maximum.
 */
static int opp_of_populate(struct opp_table *table, void *data)
{
	struct opp_of_parser *p = data;
	int ret = p->np ? opp_of_parse_v2(p) : opp_of_parse_v1(p);
	unsigned int i;
	u32 latency = 0;

	if (!ret || !p->nr)
		return ret;

	for (i = 0; i < p->nr; i++) {
		opp_notify(table, OPP_EVENT_ADD, p->arrived[i]);
		latency = max(latency, p->arrived[i]->clock_latency_ns);
	}
	for (i = 0; i < p->nr; i++)
		opp_notify(table, OPP_EVENT_REMOVE, p->opps[i]);

	guard(mutex)(&table->lock);
	if (latency > table->clock_latency_ns_max)
		WRITE_ONCE(table->clock_latency_ns_max, latency);
	return ret;
}

/* Copies the configuration the parse depends on, so it cannot change. */
static int opp_of_parser_init(struct opp_of_parser *p, struct opp_table *table)
{
	struct opp_snapshot *snap;

	scoped_guard(mutex, &table->dvfs_lock)
		p->required_dev = table->nr_required_devs &&
				  table->required_devs[0];

	guard(mutex)(&table->lock);
	snap = __opp_table_snapshot(table);
	p->table = table;
	p->np = table->np;
	p->shape = table->shape;
	p->supported_hw_count = table->supported_hw_count;
	p->supplies_configured = table->supplies_configured;
	p->had_opps = snap->nr_avail + snap->nr_unavail;
	p->supplies_known = p->supplies_configured || p->had_opps;
	/* One supply's storage, whether the first OPP fixes one or none. */
	if (!p->supplies_known)
		p->shape.nr_supplies = 1;
	p->prop_name = kstrdup(table->prop_name, GFP_KERNEL);
	if (table->supported_hw)
		p->supported_hw = kmemdup_array(table->supported_hw,
						table->supported_hw_count,
						sizeof(u32), GFP_KERNEL);
	return (table->prop_name && !p->prop_name) ||
	       (table->supported_hw && !p->supported_hw) ? -ENOMEM : 0;
}

/* Frees what the load allocated, and the OPPs it did not publish. */
static void opp_of_parser_release(struct opp_of_parser *p)
{
	unsigned int i;

	while (p->nr)
		opp_free(p->opps[--p->nr]);
	kfree(p->opps);
	kfree(p->arrived);
	for (i = 0; p->req && i < p->shape.nr_required; i++)
		of_node_put(p->req[i].table);
	kfree(p->req);
	kfree(p->prop_name);
	kfree(p->supported_hw);
}

/*
 * The "operating-points-v2" entry to load for @index. A single table serves
 * every index: power domain providers whose domains share one table list it
 * once (Qualcomm's rpmhpd), and of_genpd_add_provider_onecell() loads entry
 * i for domain i. An entry that names no node is as if it were not there:
 * "operating-points" is loaded instead, so an old board keeps its legacy
 * table, or the load fails with -ENODEV, which drivers take for "no table".
 * Say so, since it is most likely a mistake.
 */
static int opp_of_table_index(struct device *dev, int index)
{
	int count = of_count_phandle_with_args(dev->of_node,
					       "operating-points-v2", NULL);

	if (index && count == 1)
		index = 0;

	/* Asking for a table past the last one is the caller's business. */
	if (index < count &&
	    of_property_present(dev->of_node, "operating-points-v2")) {
		struct device_node *np __free(device_node) =
			of_parse_phandle(dev->of_node, "operating-points-v2",
					 index);

		if (!np)
			dev_warn(dev, "%pOF: operating-points-v2 entry %d names no node; trying operating-points\n",
				 dev->of_node, index);
	}

	return index;
}

/**
 * dev_pm_opp_of_add_table_indexed() - load one of a device's device tree
 *	OPP tables
 * @dev: the device
 * @index: which "operating-points-v2" entry to load, for devices (power
 *	domain providers) with several
 *
 * The table is read in one step and published at once; on any error nothing
 * of it remains. It holds the OPPs the board's table was validated with:
 * nodes not for this hardware, with a malformed "opp-supported-hw", or
 * repeating an OPP with the same voltage are skipped, with a warning naming
 * the node where the device tree is at fault. A table marked "opp-shared"
 * that another device loaded already is shared, not read again. Undo with
 * dev_pm_opp_of_remove_table(). Without "operating-points-v2", or when its
 * entry names no node, the legacy "operating-points" is loaded.
 *
 * Context: Process context; may sleep.
 * Return:
 * * 0 - the table is loaded (a legacy table may be empty)
 * * -EINVAL - a node of the table is malformed (the log says which and
 *   why), or its required OPPs lead back to it
 * * -EEXIST - two OPPs with the same rates, bandwidths and level differ in
 *   voltage, or the first is disabled
 * * -ENODEV - the device has no OPP table in the device tree, an OPP node
 *   has no key, or a required OPP is not in its loaded table
 * * -ENODATA - "operating-points" has no value
 * * -ENOENT - no OPP of the table is usable on this hardware
 * * -EPROBE_DEFER - an interconnect path is not there yet
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_of_add_table_indexed(struct device *dev, int index)
{
	struct opp_of_parser p = { .dev = dev };
	struct opp_table *table;
	int ret;

	if (IS_ERR_OR_NULL(dev))
		return -EINVAL;

	table = opp_table_get_or_create(dev, opp_of_table_index(dev, index));
	if (IS_ERR(table))
		return PTR_ERR(table);

	ret = opp_table_get_clock(table, dev);
	if (!ret)
		ret = opp_of_parser_init(&p, table);
	if (!ret)
		ret = opp_table_populate_static(table, opp_of_populate, &p);
	opp_of_parser_release(&p);

	if (ret) {
		dev_pm_opp_put_opp_table(table);
		return ret;
	}

	opp_required_link_pending();
	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_add_table_indexed);

/**
 * dev_pm_opp_of_add_table() - load a device's device tree OPP table
 * @dev: the device
 *
 * dev_pm_opp_of_add_table_indexed() for the first table.
 *
 * Context: Process context; may sleep.
 * Return: as for dev_pm_opp_of_add_table_indexed().
 */
int dev_pm_opp_of_add_table(struct device *dev)
{
	return dev_pm_opp_of_add_table_indexed(dev, 0);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_add_table);

/**
 * dev_pm_opp_of_remove_table() - undo dev_pm_opp_of_add_table()
 * @dev: the device
 *
 * Context: Process context; may sleep.
 */
void dev_pm_opp_of_remove_table(struct device *dev)
{
	dev_pm_opp_remove_table(dev);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_remove_table);

static void opp_of_devm_remove_table(void *dev)
{
	dev_pm_opp_remove_table(dev);
}

/**
 * devm_pm_opp_of_add_table_indexed() - dev_pm_opp_of_add_table_indexed()
 *	undone when the driver detaches
 * @dev: the device
 * @index: which "operating-points-v2" entry to load
 *
 * Context: Process context; may sleep.
 * Return: as for dev_pm_opp_of_add_table_indexed().
 */
int devm_pm_opp_of_add_table_indexed(struct device *dev, int index)
{
	int ret = dev_pm_opp_of_add_table_indexed(dev, index);

	return ret ?: devm_add_action_or_reset(dev, opp_of_devm_remove_table,
					       dev);
}
EXPORT_SYMBOL_GPL(devm_pm_opp_of_add_table_indexed);

/**
 * devm_pm_opp_of_add_table() - dev_pm_opp_of_add_table() undone when the
 *	driver detaches
 * @dev: the device
 *
 * Context: Process context; may sleep.
 * Return: as for dev_pm_opp_of_add_table_indexed().
 */
int devm_pm_opp_of_add_table(struct device *dev)
{
	return devm_pm_opp_of_add_table_indexed(dev, 0);
}
EXPORT_SYMBOL_GPL(devm_pm_opp_of_add_table);

/**
 * dev_pm_opp_of_cpumask_add_table() - load the device tree OPP tables of
 *	several CPUs
 * @cpumask: the CPUs
 *
 * All or nothing: when one CPU fails, the tables of the CPUs before it are
 * removed again.
 *
 * Context: Process context; may sleep.
 * Return: 0, -ENODEV for an empty mask (which WARNs, a caller's bug) or a
 * CPU without device, or the error of dev_pm_opp_of_add_table().
 */
int dev_pm_opp_of_cpumask_add_table(const struct cpumask *cpumask)
{
	struct device *dev;
	int cpu, prev, ret;

	if (WARN_ON(cpumask_empty(cpumask)))
		return -ENODEV;

	for_each_cpu(cpu, cpumask) {
		dev = get_cpu_device(cpu);
		if (!dev)
			pr_err("cpu%d has no device to load its OPP table for\n",
			       cpu);
		ret = dev ? dev_pm_opp_of_add_table(dev) : -ENODEV;
		if (ret) {
			/* Quiet: the OPPs may come from code instead. */
			pr_debug("cpu%d: no OPP table: %d\n", cpu, ret);
			for_each_cpu(prev, cpumask) {
				if (prev == cpu)
					break;
				dev = get_cpu_device(prev);
				if (dev)
					dev_pm_opp_remove_table(dev);
			}
			return ret;
		}
	}

	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_cpumask_add_table);

/**
 * dev_pm_opp_of_cpumask_remove_table() - undo
 *	dev_pm_opp_of_cpumask_add_table()
 * @cpumask: the CPUs
 *
 * Context: Process context; may sleep.
 */
void dev_pm_opp_of_cpumask_remove_table(const struct cpumask *cpumask)
{
	dev_pm_opp_cpumask_remove_table(cpumask);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_cpumask_remove_table);

/**
 * dev_pm_opp_of_get_sharing_cpus() - the CPUs whose device tree OPP table is
 *	the same shared table as a CPU's
 * @cpu_dev: the CPU
 * @cpumask: set to @cpu_dev's CPU plus, when its table says "opp-shared",
 *	every CPU pointing at the same table
 *
 * Context: Process context.
 * Return: 0; -ENOENT when @cpu_dev, or a possible CPU, has no OPP table node.
 */
int dev_pm_opp_of_get_sharing_cpus(struct device *cpu_dev,
				   struct cpumask *cpumask)
{
	struct device_node *np __free(device_node) =
		dev_pm_opp_of_get_opp_desc_node(cpu_dev);
	int cpu;

	if (!np)
		return -ENOENT;

	cpumask_set_cpu(cpu_dev->id, cpumask);
	if (!of_property_read_bool(np, "opp-shared"))
		return 0;

	/* The other possible CPUs, in order. */
	for_each_cpu_andnot(cpu, cpu_possible_mask, cpumask_of(cpu_dev->id)) {
		struct device_node *cpu_np __free(device_node) =
			of_cpu_device_node_get(cpu);
		struct device_node *other __free(device_node) =
			of_parse_phandle(cpu_np, "operating-points-v2", 0);

		if (!cpu_np) {
			dev_err(cpu_dev, "cpu%d has no device tree node\n", cpu);
			return -ENOENT;
		}
		if (!other) {
			dev_err(cpu_dev, "%pOF: has no OPP table\n", cpu_np);
			return -ENOENT;
		}
		if (other == np)
			cpumask_set_cpu(cpu, cpumask);
	}

	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_get_sharing_cpus);

/**
 * dev_pm_opp_get_of_node() - the device tree node of an OPP
 * @opp: an OPP the caller holds
 *
 * Context: Any context.
 * Return: the node, with a reference the caller drops with of_node_put(), or
 * NULL for an OPP not from the device tree or an invalid @opp.
 */
struct device_node *dev_pm_opp_get_of_node(struct dev_pm_opp *opp)
{
	if (IS_ERR_OR_NULL(opp)) {
		pr_err("device tree node asked of an invalid OPP\n");
		return NULL;
	}

	return of_node_get(opp->np);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_get_of_node);

/* ------------------------------------------------------------------------ */
/* Required OPPs                                                             */
/* ------------------------------------------------------------------------ */

/**
 * dev_pm_opp_of_has_required_opp() - whether a device's OPPs require others
 * @dev: the device
 *
 * Context: Process context.
 * Return: true when the first OPP of its device tree table has
 * "required-opps".
 */
bool dev_pm_opp_of_has_required_opp(struct device *dev)
{
	struct device_node *np __free(device_node) =
		dev_pm_opp_of_get_opp_desc_node(dev);
	struct device_node *first __free(device_node) =
		of_get_next_available_child(np, NULL);

	if (!np)
		return false;
	if (!first) {
		dev_warn(dev, "%pOF: OPP table is empty\n", np);
		return false;
	}

	return of_count_phandle_with_args(first, "required-opps", NULL) > 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_has_required_opp);

/**
 * dev_pm_opp_of_find_icc_paths() - get the interconnect paths of a device
 * @dev: the device
 * @opp_table: a table to keep the paths in, or NULL to only check them
 *
 * Paths are only looked for when the device's table has "opp-peak-kBps".
 * Asked without a table, the device's own node decides: a device without
 * one has no paths to find.
 *
 * Context: Process context; may sleep.
 * Return: 0; -ENODEV when @opp_table is NULL and @dev has no device tree
 * node; -EINVAL when "interconnects" is malformed; -EPROBE_DEFER or another
 * error of the interconnect framework.
 */
int dev_pm_opp_of_find_icc_paths(struct device *dev,
				 struct opp_table *opp_table)
{
	if (!opp_table && !dev->of_node)
		return -ENODEV;
	return opp_table_get_paths(dev, opp_table);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_find_icc_paths);
