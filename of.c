// SPDX-License-Identifier: GPL-2.0-only
/*
 * Device tree OPP tables: "operating-points-v2" (and the legacy
 * "operating-points") turned into the core's tables.
 *
 * A table is parsed whole before anything is published: every OPP node is
 * read and checked, the set is sorted and checked again, and only then do the
 * OPPs enter the table, all at once. A malformed node fails the whole load
 * with one message naming the device, the node and the problem; nothing of
 * the table is left behind.
 */

#define pr_fmt(fmt) "opp: " fmt

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/energy_model.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/interconnect.h>
#include <linux/math64.h>
#include <linux/of.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "opp.h"

/**
 * struct opp_of_parser - the state of one table load
 * @dev: the device the table is loaded for
 * @table: the table being filled
 * @np: the "operating-points-v2" node, or NULL for the legacy binding
 * @shape: the sizes of the table's OPPs
 * @prop_name: suffix of the "opp-microvolt-<name>" style properties, or NULL
 * @supported_hw: hardware versions matched against "opp-supported-hw"
 * @supported_hw_count: number of words in @supported_hw, 0 when unset
 * @opps: the OPPs read so far, not yet published
 * @nr: number of entries in @opps
 * @supplies_configured: the platform named the regulators, which fixes the
 *	number of supplies
 * @unordered: a node was found out of ascending order already
 */
struct opp_of_parser {
	struct device *dev;
	struct opp_table *table;
	struct device_node *np;
	struct opp_shape shape;
	const char *prop_name;
	const u32 *supported_hw;
	unsigned int supported_hw_count;
	struct dev_pm_opp **opps;
	unsigned int nr;
	bool supplies_configured;
	bool unordered;
};

static struct device_node *opp_of_table_node(struct device *dev, int index)
{
	if (!dev->of_node)
		return NULL;

	return of_parse_phandle(dev->of_node, "operating-points-v2", index);
}

/**
 * opp_of_init_table() - take what a new table needs from the device tree
 * @table: the table, not yet published
 * @dev: the device it is made for
 * @index: which "operating-points-v2" entry of @dev to use
 *
 * Context: Process context.
 */
void opp_of_init_table(struct opp_table *table, struct device *dev, int index)
{
	struct device_node *np = dev->of_node;
	u32 latency;

	if (!np)
		return;

	/* The legacy binding keeps these on the device node. */
	if (!of_property_read_u32(np, "clock-latency", &latency))
		table->clock_latency_ns_max = latency;
	of_property_read_u32(np, "voltage-tolerance",
			     &table->voltage_tolerance_v1);
	table->is_genpd = of_property_present(np, "#power-domain-cells");

	table->np = opp_of_table_node(dev, index);
	if (table->np)
		table->sharing = of_property_read_bool(table->np, "opp-shared") ?
				 OPP_SHARING_SHARED : OPP_SHARING_EXCLUSIVE;
}

static void opp_of_put_paths(struct icc_path **paths, unsigned int nr)
{
	while (paths && nr--)
		icc_put(paths[nr]);
	kfree(paths);
}

/**
 * opp_of_clear_table() - release what opp_of_init_table() and the loads took
 * @table: the dying table
 *
 * Context: Process context.
 */
void opp_of_clear_table(struct opp_table *table)
{
	opp_of_put_paths(table->icc_paths, table->nr_icc_paths);
	of_node_put(table->np);
}

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
	return opp_of_table_node(dev, 0);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_get_opp_desc_node);

/* ------------------------------------------------------------------------ */
/* Reading one OPP node                                                      */
/* ------------------------------------------------------------------------ */

/* "opp-<what>-<prop_name>" when the node has it, else "opp-<what>". */
static struct property *opp_of_named_prop(const struct opp_of_parser *p,
					  struct device_node *np,
					  const char *what)
{
	struct property *prop;
	char name[64];

	if (p->prop_name) {
		snprintf(name, sizeof(name), "opp-%s-%s", what, p->prop_name);
		prop = of_find_property(np, name, NULL);
		if (prop)
			return prop;
	}

	snprintf(name, sizeof(name), "opp-%s", what);
	return of_find_property(np, name, NULL);
}

/* Reads exactly @count cells of @prop, or explains why not. */
static int opp_of_read_cells(const struct opp_of_parser *p,
			     struct device_node *np, struct property *prop,
			     u32 *out, unsigned int count)
{
	int ret = of_property_read_u32_array(np, prop->name, out, count);

	if (ret)
		dev_err(p->dev, "%pOF: cannot read %u cells of %s: %d\n", np,
			count, prop->name, ret);
	return ret;
}

/* The @count cells of @prop, in a buffer the caller frees, or ERR_PTR. */
static u32 *opp_of_cells(const struct opp_of_parser *p, struct device_node *np,
			 struct property *prop, unsigned int count)
{
	u32 *cells = kmalloc_array(count, sizeof(*cells), GFP_KERNEL);

	if (!cells)
		return ERR_PTR(-ENOMEM);
	if (opp_of_read_cells(p, np, prop, cells, count)) {
		kfree(cells);
		return ERR_PTR(-EINVAL);
	}

	return cells;
}

/* Number of u32 cells in @prop, or -EINVAL when it is not whole cells. */
static int opp_of_count_cells(const struct opp_of_parser *p,
			      struct device_node *np, struct property *prop)
{
	if (!prop->length || prop->length % sizeof(u32)) {
		dev_err(p->dev, "%pOF: %s is %d bytes, not a list of cells\n",
			np, prop->name, prop->length);
		return -EINVAL;
	}

	return prop->length / sizeof(u32);
}

/*
 * The fastest rate an OPP may have: what an unsigned long holds on 32-bit;
 * on 64-bit what clk_round_rate(), which answers in a long, can return.
 */
#define OPP_OF_MAX_RATE	(BITS_PER_LONG == 64 ? (u64)LONG_MAX : (u64)ULONG_MAX)

static int opp_of_read_rates(const struct opp_of_parser *p,
			     struct device_node *np, struct dev_pm_opp *opp)
{
	struct property *prop = of_find_property(np, "opp-hz", NULL);
	unsigned int i, count;
	u64 rate;
	int ret;

	if (!prop)
		return -ENODATA;

	count = prop->length / sizeof(u64);
	if (prop->length % sizeof(u64) || count != opp->nr_clks) {
		dev_err(p->dev, "%pOF: opp-hz is %d bytes, the table has %u clock(s) of 64 bits\n",
			np, prop->length, opp->nr_clks);
		return -EINVAL;
	}

	for (i = 0; i < count; i++) {
		ret = of_property_read_u64_index(np, "opp-hz", i, &rate);
		if (ret)
			return ret;
		/* Multi-clock tables (UFS) give 0 for clocks they do not scale. */
		if ((!rate && count == 1) || rate > OPP_OF_MAX_RATE) {
			dev_err(p->dev, "%pOF: opp-hz %llu is not a usable rate\n",
				np, rate);
			return -EINVAL;
		}
		opp_rates(opp)[i] = rate;
	}

	return 0;
}

static int opp_of_read_bw(const struct opp_of_parser *p,
			  struct device_node *np, struct dev_pm_opp *opp,
			  const char *name, bool peak)
{
	struct property *prop = of_find_property(np, name, NULL);
	unsigned int i;
	int count;

	if (!prop)
		return -ENODATA;

	count = opp_of_count_cells(p, np, prop);
	if (count < 0)
		return count;
	if (count != opp->nr_paths) {
		dev_err(p->dev, "%pOF: %s has %d values, the device has %u interconnect path(s)\n",
			np, name, count, opp->nr_paths);
		return -EINVAL;
	}

	u32 *bw __free(kfree) = opp_of_cells(p, np, prop, count);

	if (IS_ERR(bw))
		return PTR_ERR(bw);

	/* The interconnect framework counts in kBps too. */
	for (i = 0; i < count; i++) {
		if (peak)
			opp_bw(opp)[i].peak = bw[i];
		else
			opp_bw(opp)[i].avg = bw[i];
	}

	return 0;
}

static int opp_of_read_level(const struct opp_of_parser *p,
			     struct device_node *np, struct dev_pm_opp *opp)
{
	struct property *prop = of_find_property(np, "opp-level", NULL);

	if (!prop)
		return -ENODATA;
	if (prop->length != sizeof(u32)) {
		dev_err(p->dev, "%pOF: opp-level is %d bytes, not one cell\n",
			np, prop->length);
		return -EINVAL;
	}

	of_property_read_u32(np, "opp-level", &opp->level);
	if (opp->level == OPP_LEVEL_UNSET) {
		dev_err(p->dev, "%pOF: opp-level %#x is reserved for OPPs without a level\n",
			np, opp->level);
		return -EINVAL;
	}

	return 0;
}

/* Rate, bandwidth and level: at least one of them names the OPP. */
static int opp_of_read_keys(const struct opp_of_parser *p,
			    struct device_node *np, struct dev_pm_opp *opp)
{
	bool found = false;
	int ret;

	ret = opp_of_read_rates(p, np, opp);
	if (ret && ret != -ENODATA)
		return ret;
	found |= !ret;

	ret = opp_of_read_bw(p, np, opp, "opp-peak-kBps", true);
	if (ret && ret != -ENODATA)
		return ret;
	found |= !ret;
	if (!ret) {
		ret = opp_of_read_bw(p, np, opp, "opp-avg-kBps", false);
		if (ret && ret != -ENODATA)
			return ret;
	}

	ret = opp_of_read_level(p, np, opp);
	if (ret && ret != -ENODATA)
		return ret;
	found |= !ret;

	if (!found) {
		dev_err(p->dev, "%pOF: OPP has none of opp-hz, opp-peak-kBps and opp-level\n",
			np);
		return -EINVAL;
	}

	return 0;
}

/*
 * A window with min above max admits no voltage: that is an error. A target
 * outside a sane window is only warned about, because Linux accepts it and
 * real tables (the binding's first tutorial among them) write
 * <min target max>.
 */
static int opp_of_check_triplet(const struct opp_of_parser *p,
				struct device_node *np,
				const struct dev_pm_opp_supply *supply,
				unsigned int index)
{
	if (supply->u_volt_min > supply->u_volt_max) {
		dev_err(p->dev, "%pOF: supply %u window [%lu, %lu] uV is empty\n",
			np, index, supply->u_volt_min, supply->u_volt_max);
		return -EINVAL;
	}

	if (supply->u_volt < supply->u_volt_min ||
	    supply->u_volt > supply->u_volt_max)
		dev_warn(p->dev, "%pOF: supply %u target %lu uV is outside [%lu, %lu] uV; the order is <target min max>\n",
			 np, index, supply->u_volt, supply->u_volt_min,
			 supply->u_volt_max);
	return 0;
}

/* "opp-microvolt[-<name>]": one value or a <target min max> per supply. */
static int opp_of_read_microvolt(const struct opp_of_parser *p,
				 struct device_node *np,
				 struct dev_pm_opp_supply *supplies)
{
	struct property *prop = opp_of_named_prop(p, np, "microvolt");
	unsigned int nr = p->shape.nr_supplies, i, per;
	int count, ret;

	if (!prop)
		return 0;

	count = opp_of_count_cells(p, np, prop);
	if (count < 0)
		return count;
	if (!nr || (count != nr && count != 3 * nr)) {
		dev_err(p->dev, "%pOF: %s has %d values for %u supplies; expected one or three per supply\n",
			np, prop->name, count, nr);
		return -EINVAL;
	}

	u32 *uv __free(kfree) = opp_of_cells(p, np, prop, count);

	if (IS_ERR(uv))
		return PTR_ERR(uv);

	per = count / nr;
	for (i = 0; i < nr; i++) {
		supplies[i].u_volt = uv[i * per];
		supplies[i].u_volt_min = uv[i * per + (per == 3)];
		supplies[i].u_volt_max = uv[i * per + 2 * (per == 3)];
		ret = opp_of_check_triplet(p, np, &supplies[i], i);
		if (ret)
			return ret;
	}

	return 0;
}

/* "opp-microamp[-<name>]" and "opp-microwatt[-<name>]": one per supply. */
static int opp_of_read_per_supply(const struct opp_of_parser *p,
				  struct device_node *np, const char *what,
				  struct dev_pm_opp_supply *supplies, bool amp)
{
	struct property *prop = opp_of_named_prop(p, np, what);
	unsigned int nr = p->shape.nr_supplies, i;
	int count;

	if (!prop)
		return 0;

	count = opp_of_count_cells(p, np, prop);
	if (count < 0)
		return count;
	if (count != nr) {
		dev_err(p->dev, "%pOF: %s has %d values for %u supplies\n",
			np, prop->name, count, nr);
		return -EINVAL;
	}

	u32 *vals __free(kfree) = opp_of_cells(p, np, prop, count);

	if (IS_ERR(vals))
		return PTR_ERR(vals);

	for (i = 0; i < nr; i++) {
		if (amp)
			supplies[i].u_amp = vals[i];
		else
			supplies[i].u_watt = vals[i];
	}

	return 0;
}

static int opp_of_read_supplies(const struct opp_of_parser *p,
				struct device_node *np, struct dev_pm_opp *opp)
{
	struct dev_pm_opp_supply *supplies = opp_initial_supplies(opp);
	int ret;

	ret = opp_of_read_microvolt(p, np, supplies);
	if (!ret)
		ret = opp_of_read_per_supply(p, np, "microamp", supplies, true);
	if (!ret)
		ret = opp_of_read_per_supply(p, np, "microwatt", supplies, false);
	return ret;
}

/* A node that can be an OPP: it has one of the keys that name an OPP. */
static bool opp_of_is_opp_node(struct device_node *np)
{
	return of_property_present(np, "opp-hz") ||
	       of_property_present(np, "opp-peak-kBps") ||
	       of_property_present(np, "opp-level");
}

static int opp_of_read_required(const struct opp_of_parser *p,
				struct device_node *np, struct dev_pm_opp *opp)
{
	struct property *prop = of_find_property(np, "required-opps", NULL);
	struct device_node *req;
	unsigned int i;
	int count = 0;

	if (prop && (!prop->length || prop->length % sizeof(phandle))) {
		dev_err(p->dev, "%pOF: required-opps is %d bytes, not a list of phandles\n",
			np, prop->length);
		return -EINVAL;
	}
	if (prop)
		count = prop->length / sizeof(phandle);
	if (count != opp->nr_required) {
		dev_err(p->dev, "%pOF: required-opps has %d entries, the table's first OPP has %u\n",
			np, count, opp->nr_required);
		return -EINVAL;
	}

	for (i = 0; i < opp->nr_required; i++) {
		req = of_parse_phandle(np, "required-opps", i);
		opp_required_nps(opp)[i] = req;
		if (!req) {
			dev_err(p->dev, "%pOF: required-opps entry %u is not a node\n",
				np, i);
			return -EINVAL;
		}
		if (!opp_of_is_opp_node(req)) {
			dev_err(p->dev, "%pOF: required-opps entry %u, %pOF, is not an OPP\n",
				np, i, req);
			return -EINVAL;
		}
	}

	/*
	 * As in Linux, a device in a single power domain, whose OPPs require
	 * one of the domain's, votes that level itself.
	 */
	opp->inherits_level = opp->nr_required == 1 && !p->table->is_genpd &&
			      opp->level == OPP_LEVEL_UNSET;
	return 0;
}

/*
 * "opp-supported-hw": one or more versions of supported_hw_count cells; the
 * OPP is usable when every cell of one version shares a bit with the
 * hardware's word at the same position. As in Linux, a table without
 * hardware versions skips the OPPs that have the property, and a table with
 * them skips the OPPs that lack it.
 */
static int opp_of_is_supported(const struct opp_of_parser *p,
			       struct device_node *np, bool *supported)
{
	struct property *prop = of_find_property(np, "opp-supported-hw", NULL);
	unsigned int levels = p->supported_hw_count, v, i;
	int count;
	u32 val;

	/* Without versions only OPPs for every version apply, and vice versa. */
	*supported = !levels ? !prop : false;
	if (!prop || !levels)
		return 0;

	count = opp_of_count_cells(p, np, prop);
	if (count < 0)
		return count;
	if (count % levels) {
		dev_err(p->dev, "%pOF: opp-supported-hw has %d cells, not a multiple of the %u hardware version words\n",
			np, count, levels);
		return -EINVAL;
	}

	for (v = 0; v < count / levels && !*supported; v++) {
		*supported = true;
		for (i = 0; i < levels && *supported; i++) {
			of_property_read_u32_index(np, "opp-supported-hw",
						   v * levels + i, &val);
			*supported = val & p->supported_hw[i];
		}
	}

	return 0;
}

/* "clock-latency-ns", when present, is one cell. */
static int opp_of_read_latency(const struct opp_of_parser *p,
			       struct device_node *np, struct dev_pm_opp *opp)
{
	struct property *prop = of_find_property(np, "clock-latency-ns", NULL);
	u32 latency;

	if (!prop)
		return 0;
	if (prop->length != sizeof(u32)) {
		dev_err(p->dev, "%pOF: clock-latency-ns is %d bytes, not one cell\n",
			np, prop->length);
		return -EINVAL;
	}

	of_property_read_u32(np, "clock-latency-ns", &latency);
	opp->clock_latency_ns = latency;
	return 0;
}

/* Reads one OPP node into a new, unpublished OPP. */
static struct dev_pm_opp *opp_of_read_opp(const struct opp_of_parser *p,
					  struct device_node *np)
{
	struct dev_pm_opp *opp = opp_alloc(&p->shape);
	int ret;

	if (!opp)
		return ERR_PTR(-ENOMEM);

	opp->np = of_node_get(np);
	opp->available = true;
	opp->turbo = of_property_read_bool(np, "turbo-mode");
	opp->suspend = of_property_read_bool(np, "opp-suspend");

	ret = opp_of_read_latency(p, np, opp);
	if (!ret)
		ret = opp_of_read_keys(p, np, opp);
	if (!ret)
		ret = opp_of_read_supplies(p, np, opp);
	if (!ret)
		ret = opp_of_read_required(p, np, opp);
	if (ret) {
		opp_free(opp);
		return ERR_PTR(ret);
	}

	return opp;
}

/* ------------------------------------------------------------------------ */
/* Checking and publishing the whole table                                   */
/* ------------------------------------------------------------------------ */

static int opp_of_cmp_ptr(const void *a, const void *b)
{
	return opp_cmp(*(struct dev_pm_opp **)a, *(struct dev_pm_opp **)b);
}

static void opp_of_drop(struct opp_of_parser *p, unsigned int i)
{
	opp_free(p->opps[i]);
	memmove(&p->opps[i], &p->opps[i + 1], (p->nr - i - 1) * sizeof(*p->opps));
	p->nr--;
}

static unsigned long opp_of_volt(struct dev_pm_opp *opp, unsigned int supply)
{
	return opp_initial_supplies(opp)[supply].u_volt;
}

/*
 * Two nodes for the same OPP: the second is dropped when it has the same
 * voltage, as Linux does; otherwise the table is ambiguous.
 */
static int opp_of_drop_duplicates(struct opp_of_parser *p)
{
	struct dev_pm_opp *a, *b;
	unsigned int i = 1;

	while (i < p->nr) {
		a = p->opps[i - 1];
		b = p->opps[i];
		if (opp_cmp(a, b)) {
			i++;
			continue;
		}
		if (opp_of_volt(a, 0) != opp_of_volt(b, 0)) {
			dev_err(p->dev, "%pOF and %pOF describe the same OPP with %lu and %lu uV\n",
				a->np, b->np, opp_of_volt(a, 0), opp_of_volt(b, 0));
			return -EINVAL;
		}
		dev_warn(p->dev, "%pOF repeats %pOF; ignoring it\n", b->np, a->np);
		opp_of_drop(p, i);
	}

	return 0;
}

/* Several "opp-suspend" (one per hardware variant, say): the fastest wins. */
static void opp_of_pick_suspend(struct opp_of_parser *p)
{
	bool found = false;
	int i;

	for (i = p->nr - 1; i >= 0; i--) {
		if (found)
			p->opps[i]->suspend = false;
		else if (p->opps[i]->suspend)
			found = true;
	}
}

/* Lint: a voltage that falls while the rate rises is usually a typo. */
static void opp_of_lint_voltages(const struct opp_of_parser *p)
{
	struct dev_pm_opp *lo, *hi;
	unsigned int i, s;

	for (i = 1; i < p->nr; i++) {
		lo = p->opps[i - 1];
		hi = p->opps[i];
		if (opp_rates(lo)[0] >= opp_rates(hi)[0])
			continue;
		for (s = 0; s < p->shape.nr_supplies; s++)
			if (opp_of_volt(hi, s) && opp_of_volt(hi, s) < opp_of_volt(lo, s))
				dev_warn(p->dev, "%pOF: supply %u drops to %lu uV at %lu Hz from %lu uV at %lu Hz; is a digit missing?\n",
					 hi->np, s, opp_of_volt(hi, s),
					 opp_rates(hi)[0], opp_of_volt(lo, s),
					 opp_rates(lo)[0]);
	}
}

static int opp_of_finish(struct opp_of_parser *p)
{
	int ret;

	sort(p->opps, p->nr, sizeof(*p->opps), opp_of_cmp_ptr, NULL);
	ret = opp_of_drop_duplicates(p);
	if (ret)
		return ret;

	opp_of_pick_suspend(p);
	opp_of_lint_voltages(p);
	opp_check_regulators(p->table, p->dev, p->opps, p->nr);

	ret = opp_table_set_shape(p->table, &p->shape);
	if (ret == -EBUSY)
		dev_err(p->dev, "OPP table already holds OPPs of another shape\n");
	if (ret)
		return ret;

	ret = opp_table_add_batch(p->table, p->opps, p->nr);
	if (ret == -EEXIST)
		dev_err(p->dev, "OPPs from firmware clash with OPPs added by code\n");
	if (ret)
		return ret;

	/* The table owns them now. */
	p->nr = 0;
	return 0;
}

static void opp_of_free_unpublished(struct opp_of_parser *p)
{
	while (p->nr)
		opp_free(p->opps[--p->nr]);
	kfree(p->opps);
	p->opps = NULL;
}

/* ------------------------------------------------------------------------ */
/* operating-points-v2                                                       */
/* ------------------------------------------------------------------------ */

static bool opp_of_has_supply_props(const struct opp_of_parser *p,
				    struct device_node *np)
{
	return opp_of_named_prop(p, np, "microvolt") ||
	       opp_of_named_prop(p, np, "microamp") ||
	       opp_of_named_prop(p, np, "microwatt");
}

/*
 * The supplies of a table without configured regulators: one when its first
 * usable OPP has a supply property, none otherwise.
 */
static int opp_of_count_supplies(struct opp_of_parser *p)
{
	bool supported;
	int ret;

	if (p->supplies_configured)
		return 0;

	for_each_available_child_of_node_scoped(p->np, child) {
		ret = opp_of_is_supported(p, child, &supported);
		if (ret)
			return ret;
		if (supported) {
			p->shape.nr_supplies = opp_of_has_supply_props(p, child);
			return 0;
		}
	}

	p->shape.nr_supplies = 0;
	return 0;
}

static struct icc_path **opp_of_get_paths(struct device *dev, unsigned int nr)
{
	struct icc_path **paths;
	unsigned int i;
	int ret;

	paths = kcalloc(nr, sizeof(*paths), GFP_KERNEL);
	if (!paths)
		return ERR_PTR(-ENOMEM);

	for (i = 0; i < nr; i++) {
		paths[i] = of_icc_get_by_index(dev, i);
		if (IS_ERR(paths[i])) {
			ret = dev_err_probe(dev, PTR_ERR(paths[i]),
					    "cannot get interconnect path %u\n", i);
			opp_of_put_paths(paths, i);
			return ERR_PTR(ret);
		}
	}

	return paths;
}

/*
 * Bandwidth is described per "interconnects" path of the device, and only
 * when the first OPP of its table @np has "opp-peak-kBps". Returns the number
 * of paths, or -EINVAL.
 */
static int opp_of_count_paths(struct device *dev, struct device_node *np)
{
	struct device_node *first __free(device_node) =
		of_get_next_available_child(np, NULL);
	int count;

	if (!first || !of_find_property(first, "opp-peak-kBps", NULL))
		return 0;

	count = of_count_phandle_with_args(dev->of_node, "interconnects",
					   "#interconnect-cells");
	if (count <= 0)
		return 0;
	if (count % 2) {
		dev_err(dev, "%pOF: interconnects has %d endpoints, not pairs\n",
			dev->of_node, count);
		return -EINVAL;
	}

	return count / 2;
}

/* Caller holds the table's static_lock. Keeps the first paths it got. */
static int opp_of_keep_paths(struct device *dev, struct opp_table *table,
			     unsigned int nr)
{
	struct icc_path **paths;

	lockdep_assert_held(&table->static_lock);

	if (!nr || table->icc_paths)
		return 0;

	paths = opp_of_get_paths(dev, nr);
	if (IS_ERR(paths))
		return PTR_ERR(paths);

	table->icc_paths = paths;
	table->nr_icc_paths = nr;
	return 0;
}

static int opp_of_setup_paths(struct opp_of_parser *p)
{
	int nr = opp_of_count_paths(p->dev, p->np);

	if (nr < 0)
		return nr;

	p->shape.nr_paths = nr;
	return opp_of_keep_paths(p->dev, p->table, nr);
}

/**
 * opp_of_required_count() - how many OPPs each OPP of a table requires
 * @np: the "operating-points-v2" node, or NULL
 *
 * Context: Process context.
 * Return: the number of "required-opps" entries of the table's first OPP.
 */
unsigned int opp_of_required_count(struct device_node *np)
{
	struct device_node *first __free(device_node) =
		np ? of_get_next_available_child(np, NULL) : NULL;
	int count = 0;

	if (first)
		count = of_count_phandle_with_args(first, "required-opps", NULL);
	return max(count, 0);
}

static void opp_of_count_required(struct opp_of_parser *p)
{
	p->shape.nr_required = opp_of_required_count(p->np);
}

/*
 * Lint: nodes should ascend. Overlays attach nodes in reverse, so their
 * order says nothing about the source and is not checked.
 */
static void opp_of_lint_order(struct opp_of_parser *p, struct device_node *np,
			      struct dev_pm_opp *opp)
{
	if (!p->nr || p->unordered || of_node_check_flag(np, OF_OVERLAY))
		return;

	if (opp_cmp(p->opps[p->nr - 1], opp) > 0) {
		dev_warn(p->dev, "%pOF: OPP nodes are not in ascending order\n",
			 np);
		p->unordered = true;
	}
}

static int opp_of_read_children(struct opp_of_parser *p)
{
	struct dev_pm_opp *opp;
	bool supported;
	int ret;

	for_each_available_child_of_node_scoped(p->np, child) {
		ret = opp_of_is_supported(p, child, &supported);
		if (ret)
			return ret;
		if (!supported) {
			dev_dbg(p->dev, "%pOF: not for this hardware\n", child);
			continue;
		}

		opp = opp_of_read_opp(p, child);
		if (IS_ERR(opp))
			return PTR_ERR(opp);

		opp_of_lint_order(p, child, opp);
		p->opps[p->nr++] = opp;
	}

	return 0;
}

#define OPP_OF_MAX_REQUIRED_TABLES	16

/* Whether @table is among the first @nr entries of @seen. */
static bool opp_of_seen(struct device_node * const *seen, unsigned int nr,
			struct device_node *table)
{
	while (nr--)
		if (seen[nr] == table)
			return true;
	return false;
}

/*
 * Adds to @seen the tables that the OPPs of @seen[@i] require, each once;
 * fails when one of them is the table being loaded.
 */
static int opp_of_visit_required(const struct opp_of_parser *p,
				 struct device_node **seen, unsigned int *nr,
				 unsigned int i)
{
	struct device_node *table;
	unsigned int j;

	for_each_available_child_of_node_scoped(seen[i], child) {
		for (j = 0; ; j++) {
			struct device_node *req __free(device_node) =
				of_parse_phandle(child, "required-opps", j);

			if (!req)
				break;
			table = of_get_parent(req);
			if (table == p->np) {
				dev_err(p->dev, "%pOF: required-opps of %pOF lead back to this table\n",
					p->np, child);
				of_node_put(table);
				return -EINVAL;
			}
			if (opp_of_seen(seen, *nr, table)) {
				of_node_put(table);
			} else if (*nr == OPP_OF_MAX_REQUIRED_TABLES) {
				dev_warn_once(p->dev, "%pOF: required-opps reach more than %d tables; loops through %pOF are not looked for\n",
					      p->np, OPP_OF_MAX_REQUIRED_TABLES,
					      table);
				of_node_put(table);
			} else {
				seen[(*nr)++] = table;
			}
		}
	}

	return 0;
}

/*
 * An OPP that requires an OPP of its own table, directly or through other
 * tables, can never be set: walk the tables its table requires, breadth
 * first, and refuse the table when the walk comes back to it.
 */
static int opp_of_check_required_loop(const struct opp_of_parser *p)
{
	struct device_node *seen[OPP_OF_MAX_REQUIRED_TABLES];
	unsigned int nr = 0, i;
	int ret = 0;

	if (!p->shape.nr_required)
		return 0;

	seen[nr++] = of_node_get(p->np);
	for (i = 0; i < nr && !ret; i++)
		ret = opp_of_visit_required(p, seen, &nr, i);
	while (nr)
		of_node_put(seen[--nr]);
	return ret;
}

static int opp_of_parse_v2(struct opp_of_parser *p)
{
	unsigned int nr = of_get_available_child_count(p->np);
	int ret;

	if (of_property_present(p->dev->of_node, "operating-points"))
		dev_warn(p->dev, "%pOF: has operating-points and operating-points-v2; using v2\n",
			 p->dev->of_node);

	ret = opp_of_count_supplies(p);
	if (!ret)
		ret = opp_of_setup_paths(p);
	if (ret)
		return ret;
	opp_of_count_required(p);
	ret = opp_of_check_required_loop(p);
	if (ret)
		return ret;

	p->opps = kcalloc(max(nr, 1U), sizeof(*p->opps), GFP_KERNEL);
	if (!p->opps)
		return -ENOMEM;

	ret = opp_of_read_children(p);
	if (ret)
		return ret;

	if (!p->nr) {
		dev_err(p->dev, "%pOF: no OPP is usable on this hardware\n",
			p->np);
		return -ENOENT;
	}

	return opp_of_finish(p);
}

/* ------------------------------------------------------------------------ */
/* operating-points (legacy)                                                 */
/* ------------------------------------------------------------------------ */

static struct dev_pm_opp *opp_of_make_v1(struct opp_of_parser *p, u32 khz,
					 u32 uv)
{
	unsigned long margin = (unsigned long)uv *
			       p->table->voltage_tolerance_v1 / 100;
	struct dev_pm_opp *opp = opp_alloc(&p->shape);
	struct dev_pm_opp_supply *supply;

	if (!opp)
		return NULL;

	supply = opp_initial_supplies(opp);
	opp_rates(opp)[0] = (unsigned long)khz * 1000;
	supply->u_volt = uv;
	supply->u_volt_min = uv - margin;
	supply->u_volt_max = uv + margin;
	opp->available = true;
	return opp;
}

static int opp_of_parse_v1(struct opp_of_parser *p)
{
	struct device_node *np = p->dev->of_node;
	struct property *prop = of_find_property(np, "operating-points", NULL);
	unsigned int i, nr;
	u32 pair[2];

	if (!prop)
		return -ENODEV;
	if (!prop->value || !prop->length) {
		dev_err(p->dev, "%pOF: operating-points is empty\n", np);
		return -ENODATA;
	}
	if (prop->length % (2 * sizeof(u32))) {
		dev_err(p->dev, "%pOF: operating-points is %d bytes, not <kHz uV> pairs\n",
			np, prop->length);
		return -EINVAL;
	}

	if (p->shape.nr_supplies != 1 || p->shape.nr_clks != 1) {
		dev_err(p->dev, "%pOF: operating-points has one rate and one voltage per OPP, the table %u clocks and %u supplies\n",
			np, p->shape.nr_clks, p->shape.nr_supplies);
		return -EINVAL;
	}
	p->shape.nr_paths = 0;
	p->shape.nr_required = 0;
	nr = prop->length / (2 * sizeof(u32));
	p->opps = kcalloc(nr, sizeof(*p->opps), GFP_KERNEL);
	if (!p->opps)
		return -ENOMEM;

	for (i = 0; i < nr; i++) {
		of_property_read_u32_index(np, "operating-points", 2 * i, &pair[0]);
		of_property_read_u32_index(np, "operating-points", 2 * i + 1,
					   &pair[1]);
		if (!pair[0]) {
			dev_err(p->dev, "%pOF: operating-points entry %u has 0 kHz\n",
				np, i);
			return -EINVAL;
		}
		p->opps[p->nr] = opp_of_make_v1(p, pair[0], pair[1]);
		if (!p->opps[p->nr])
			return -ENOMEM;
		p->nr++;
	}

	return opp_of_finish(p);
}

/* ------------------------------------------------------------------------ */
/* Loading and removing tables                                               */
/* ------------------------------------------------------------------------ */

static int opp_of_populate(struct opp_table *table, void *data)
{
	struct opp_of_parser *p = data;
	int ret;

	ret = p->np ? opp_of_parse_v2(p) : opp_of_parse_v1(p);
	opp_of_free_unpublished(p);
	return ret;
}

/* Copies the configuration the parse depends on, so it cannot change. */
static int opp_of_parser_init(struct opp_of_parser *p, struct device *dev,
			      struct opp_table *table)
{
	guard(mutex)(&table->lock);

	*p = (struct opp_of_parser){
		.dev = dev,
		.table = table,
		.np = table->np,
		.shape = table->shape,
		.supported_hw_count = table->supported_hw_count,
	};
	p->supplies_configured = table->supplies_configured;
	if (table->prop_name)
		p->prop_name = kstrdup(table->prop_name, GFP_KERNEL);
	if (table->supported_hw)
		p->supported_hw = kmemdup_array(table->supported_hw,
						table->supported_hw_count,
						sizeof(u32), GFP_KERNEL);
	if ((table->prop_name && !p->prop_name) ||
	    (table->supported_hw && !p->supported_hw))
		return -ENOMEM;
	return 0;
}

static void opp_of_parser_release(struct opp_of_parser *p)
{
	kfree(p->prop_name);
	kfree(p->supported_hw);
}

/*
 * "operating-points-v2" that names no node is an error, not a device without
 * a table: falling back to "operating-points" would hide it.
 */
static int opp_of_check_table_phandle(struct device *dev, int index)
{
	int count;

	if (!dev->of_node ||
	    !of_property_present(dev->of_node, "operating-points-v2"))
		return 0;

	/* Asking for a table past the last one is the caller's business. */
	count = of_count_phandle_with_args(dev->of_node, "operating-points-v2",
					   NULL);
	if (index && index >= count)
		return 0;

	struct device_node *np __free(device_node) =
		opp_of_table_node(dev, index);

	if (np)
		return 0;

	dev_err(dev, "%pOF: operating-points-v2 entry %d is not a node\n",
		dev->of_node, index);
	return -EINVAL;
}

/* A device joining a shared table another device built uses its clock. */
static void opp_of_check_shared_clock(struct device *dev, int index)
{
	struct opp_table *own __free(opp_table_put) = opp_table_find(dev);

	if (!IS_ERR(own))
		return;

	struct device_node *np __free(device_node) =
		opp_of_table_node(dev, index);
	struct opp_table *shared __free(opp_table_put) =
		np ? opp_table_find_shared(np) : NULL;

	if (shared)
		opp_table_warn_clock(shared, dev);
}

static int opp_of_add_table(struct device *dev, int index)
{
	struct opp_of_parser p = {};
	struct opp_table *table;
	int ret;

	if (IS_ERR_OR_NULL(dev))
		return -EINVAL;

	/* A single table serves every index, as in Linux. */
	if (index && of_count_phandle_with_args(dev->of_node,
						"operating-points-v2", NULL) == 1)
		index = 0;
	ret = opp_of_check_table_phandle(dev, index);
	if (ret)
		return ret;
	opp_of_check_shared_clock(dev, index);

	table = opp_table_get_or_create(dev, index);
	if (IS_ERR(table))
		return PTR_ERR(table);

	ret = opp_table_get_clock(table, dev);
	if (!ret)
		ret = opp_of_parser_init(&p, dev, table);
	if (!ret)
		ret = opp_table_populate_static(table, opp_of_populate, &p);
	opp_of_parser_release(&p);

	if (ret)
		dev_pm_opp_put_opp_table(table);
	return ret;
}

/**
 * dev_pm_opp_of_add_table_indexed() - load one of a device's device tree
 *	OPP tables
 * @dev: the device
 * @index: which "operating-points-v2" entry to load, for devices (power
 *	domain providers) with several
 *
 * The table is read, checked and published in one step; on any error nothing
 * of it remains. A table marked "opp-shared" that another device loaded
 * already is shared, not read again. Undo with dev_pm_opp_of_remove_table().
 * Without "operating-points-v2", the legacy "operating-points" is loaded.
 *
 * Context: Process context; may sleep.
 * Return:
 * * 0 - the table is loaded
 * * -EINVAL - a node of the table is malformed (the log says which and why)
 * * -ENODEV - the device has no OPP table in the device tree
 * * -ENODATA - "operating-points" is empty
 * * -ENOENT - no OPP of the table is usable on this hardware
 * * -EPROBE_DEFER - an interconnect path is not there yet
 * * -ENOMEM - out of memory
 */
int dev_pm_opp_of_add_table_indexed(struct device *dev, int index)
{
	return opp_of_add_table(dev, index);
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
	return opp_of_add_table(dev, 0);
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
	int ret = opp_of_add_table(dev, index);

	if (ret)
		return ret;

	return devm_add_action_or_reset(dev, opp_of_devm_remove_table, dev);
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

static void opp_of_remove_cpus_before(const struct cpumask *cpumask,
				      int last)
{
	struct device *dev;
	int cpu;

	for_each_cpu(cpu, cpumask) {
		if (cpu == last)
			break;
		dev = get_cpu_device(cpu);
		if (dev)
			dev_pm_opp_remove_table(dev);
	}
}

/**
 * dev_pm_opp_of_cpumask_add_table() - load the device tree OPP tables of
 *	several CPUs
 * @cpumask: the CPUs
 *
 * All or nothing: when one CPU fails, the tables of the CPUs before it are
 * removed again.
 *
 * Context: Process context; may sleep.
 * Return: 0, -ENODEV for an empty mask or a CPU without device, or the error
 * of dev_pm_opp_of_add_table().
 */
int dev_pm_opp_of_cpumask_add_table(const struct cpumask *cpumask)
{
	struct device *dev;
	int cpu, ret;

	if (cpumask_empty(cpumask))
		return -ENODEV;

	for_each_cpu(cpu, cpumask) {
		dev = get_cpu_device(cpu);
		ret = dev ? dev_pm_opp_of_add_table(dev) : -ENODEV;
		if (ret) {
			pr_debug("cpu%d: no OPP table: %d\n", cpu, ret);
			opp_of_remove_cpus_before(cpumask, cpu);
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

/* 1 when @cpu's first OPP table is @np, 0 when not, -ENOENT without one. */
static int opp_of_cpu_uses_table(struct device *cpu_dev, int cpu,
				 struct device_node *np)
{
	struct device_node *cpu_np __free(device_node) =
		of_cpu_device_node_get(cpu);
	struct device_node *other __free(device_node) =
		cpu_np ? of_parse_phandle(cpu_np, "operating-points-v2", 0) : NULL;

	if (!cpu_np) {
		dev_err(cpu_dev, "cpu%d has no device tree node\n", cpu);
		return -ENOENT;
	}
	if (!other) {
		dev_err(cpu_dev, "%pOF: has no OPP table\n", cpu_np);
		return -ENOENT;
	}

	return other == np;
}

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
	int cpu, ret;

	if (!np)
		return -ENOENT;

	cpumask_set_cpu(cpu_dev->id, cpumask);
	if (!of_property_read_bool(np, "opp-shared"))
		return 0;

	for_each_possible_cpu(cpu) {
		if (cpu == cpu_dev->id)
			continue;
		ret = opp_of_cpu_uses_table(cpu_dev, cpu, np);
		if (ret < 0)
			return ret;
		if (ret)
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
 * of_get_required_opp_performance_state() - the performance state a node
 *	requires of a power domain
 * @np: a node with "required-opps"
 * @index: which entry of "required-opps"
 *
 * Context: Any context; takes no lock.
 * Return: the level of the required OPP; -ENODEV when there is no such entry;
 * -EINVAL when its table is not loaded, does not belong to a power domain, or
 * the OPP has no level.
 */
int of_get_required_opp_performance_state(struct device_node *np, int index)
{
	struct device_node *req __free(device_node) =
		of_parse_phandle(np, "required-opps", index);
	struct dev_pm_opp *opp;
	unsigned int level;
	bool genpd;

	if (!req)
		return -ENODEV;

	opp = opp_find_by_np(req, &genpd);
	if (!opp) {
		pr_err("%pOF: required OPP %pOF is not loaded\n", np, req);
		return -EINVAL;
	}

	level = opp->level;
	dev_pm_opp_put(opp);
	if (!genpd || level == OPP_LEVEL_UNSET) {
		pr_err("%pOF: required OPP %pOF is not a power domain level\n",
		       np, req);
		return -EINVAL;
	}

	return level;
}
EXPORT_SYMBOL_GPL(of_get_required_opp_performance_state);

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
		np ? of_get_next_available_child(np, NULL) : NULL;

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
 *
 * Context: Process context; may sleep.
 * Return: 0; -EINVAL when "interconnects" is malformed; -EPROBE_DEFER or
 * another error of the interconnect framework.
 */
int dev_pm_opp_of_find_icc_paths(struct device *dev,
				 struct opp_table *opp_table)
{
	struct device_node *np __free(device_node) =
		dev_pm_opp_of_get_opp_desc_node(dev);
	struct icc_path **paths;
	int nr;

	if (!np)
		return 0;

	nr = opp_of_count_paths(dev, np);
	if (nr <= 0)
		return nr;

	if (opp_table) {
		guard(mutex)(&opp_table->static_lock);
		return opp_of_keep_paths(dev, opp_table, nr);
	}

	paths = opp_of_get_paths(dev, nr);
	if (IS_ERR(paths))
		return PTR_ERR(paths);
	opp_of_put_paths(paths, nr);
	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_find_icc_paths);

/* ------------------------------------------------------------------------ */
/* Energy model                                                              */
/* ------------------------------------------------------------------------ */

/* Power of the OPP at or above *@khz, from "opp-microwatt". */
static int __maybe_unused opp_of_em_power_from_dt(struct device *dev,
						  unsigned long *uw,
						  unsigned long *khz)
{
	unsigned long hz = *khz * 1000, power;
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_ceil(dev, &hz);

	if (IS_ERR(opp))
		return -EINVAL;

	power = dev_pm_opp_get_power(opp);
	dev_pm_opp_put(opp);
	if (!power)
		return -EINVAL;

	*khz = hz / 1000;
	*uw = power;
	return 0;
}

/**
 * dev_pm_opp_calc_power() - estimate a CPU's power at an OPP
 * @dev: the CPU device, whose node has "dynamic-power-coefficient"
 * @uW: set to the power, in microwatts
 * @kHz: in: a rate; out: the rate of the OPP at or above it
 *
 * Power is coefficient * mV^2 * MHz / 10^6, the usual dynamic-power model.
 *
 * Context: Any context; takes no lock.
 * Return: 0, or -EINVAL when the coefficient, the OPP or its voltage is
 * missing.
 */
int dev_pm_opp_calc_power(struct device *dev, unsigned long *uW,
			  unsigned long *kHz)
{
	unsigned long hz = *kHz * 1000, mv;
	struct dev_pm_opp *opp;
	u32 coefficient;

	if (of_property_read_u32(dev->of_node, "dynamic-power-coefficient",
				 &coefficient))
		return -EINVAL;

	opp = dev_pm_opp_find_freq_ceil(dev, &hz);
	if (IS_ERR(opp))
		return -EINVAL;

	mv = dev_pm_opp_get_voltage(opp) / 1000;
	dev_pm_opp_put(opp);
	if (!mv)
		return -EINVAL;

	*uW = div_u64((u64)coefficient * mv * mv * (hz / 1000000), 1000000);
	*kHz = hz / 1000;
	return 0;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_calc_power);

static bool opp_of_has_microwatt(struct device *dev)
{
	unsigned long hz = 0, power;
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_ceil(dev, &hz);

	if (IS_ERR(opp))
		return false;

	power = dev_pm_opp_get_power(opp);
	dev_pm_opp_put(opp);
	return power;
}

/**
 * dev_pm_opp_of_register_em() - register an energy model for a device
 * @dev: the device, with an OPP table
 * @cpus: the CPUs of the performance domain, or NULL for a device
 *
 * Power comes from "opp-microwatt" when the OPPs have it, else from the
 * device's "dynamic-power-coefficient" through dev_pm_opp_calc_power().
 *
 * Context: Process context; may sleep.
 * Return: 0; -EINVAL when @dev has no available OPP or no power data; or the
 * error of em_dev_register_perf_domain().
 */
int dev_pm_opp_of_register_em(struct device *dev, struct cpumask *cpus)
{
	struct em_data_callback em_cb = {};
	int nr_opps, ret;
	u32 coefficient;

	nr_opps = dev_pm_opp_get_opp_count(dev);
	if (nr_opps <= 0)
		return -EINVAL;

	if (opp_of_has_microwatt(dev)) {
		EM_SET_ACTIVE_POWER_CB(em_cb, opp_of_em_power_from_dt);
	} else if (!of_property_read_u32(dev->of_node,
					 "dynamic-power-coefficient",
					 &coefficient) && coefficient) {
		EM_SET_ACTIVE_POWER_CB(em_cb, dev_pm_opp_calc_power);
	} else {
		dev_dbg(dev, "no power data for an energy model\n");
		return -EINVAL;
	}

	ret = em_dev_register_perf_domain(dev, nr_opps, &em_cb, cpus, true);
	if (ret)
		dev_dbg(dev, "cannot register an energy model: %d\n", ret);
	return ret;
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_register_em);
