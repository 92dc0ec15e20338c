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

#define pr_fmt(fmt) "opp: " fmt

#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/energy_model.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/interconnect.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/slab.h>

#include "opp.h"

/**
 * struct opp_of_required - one "required-opps" entry of a table
 * @table: the table node of the OPP the table's first OPP requires at this
 *	index, referenced
 * @loaded: a table built from @table had OPPs when the load began, so the
 *	entry is linked now; otherwise once that table is loaded
 */
struct opp_of_required {
	struct device_node *table;
	bool loaded;
};

/**
 * struct opp_of_parser - the state of one table load
 * @dev: the device the table is loaded for
 * @table: the table being filled
 * @np: the "operating-points-v2" node, or NULL for the legacy binding
 * @shape: the sizes of the table's OPPs
 * @prop_name: suffix of the "opp-microvolt-<name>" style properties, or NULL
 * @supported_hw: hardware versions matched against "opp-supported-hw"
 * @supported_hw_count: number of words in @supported_hw, 0 when unset
 * @req: one entry per required OPP of each OPP (@shape.nr_required)
 * @opps: the OPPs taken so far, sorted by opp_cmp(), not yet published
 * @arrived: the same OPPs in the order their nodes came, which is the
 *	order the notifiers hear of them
 * @nr: number of entries in @opps and in @arrived
 * @last: the OPP taken last, in device tree order, or NULL
 * @supplies_configured: the platform named the regulators, which fixes the
 *	number of supplies
 * @supplies_known: @shape.nr_supplies is fixed; without configured
 *	regulators it is fixed by the first OPP whose supplies are read
 * @had_opps: the table had OPPs (added by code) when the load began
 * @required_dev: a required device carries the level of the first entry
 * @required_dropped: the table's first OPP has a "required-opps" entry that
 *	names no node, so that no OPP of the table requires anything
 * @lazy: some required table is not loaded yet
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
	struct opp_of_required *req;
	struct dev_pm_opp **opps;
	struct dev_pm_opp **arrived;
	unsigned int nr;
	struct dev_pm_opp *last;
	bool supplies_configured;
	bool supplies_known;
	bool had_opps;
	bool required_dev;
	bool required_dropped;
	bool lazy;
	bool unordered;
};

static struct device_node *opp_of_table_node(struct device *dev, int index)
{
	return of_parse_phandle(dev->of_node, "operating-points-v2", index);
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

/*
 * Cells are read leniently: a property is counted in whole cells, a tail
 * shorter than a cell is ignored, and a single-value property gives its
 * first cell whatever its length. Boards ship tables with such oddities
 * and run at their OPPs; refusing the property would cost them an OPP or
 * the table. Every oddity is warned about, naming the
 * node, so that the device tree gets fixed.
 */

/* The supply properties, each with an optional "-<prop_name>" suffix. */
enum opp_of_supply_prop {
	OPP_OF_MICROVOLT,
	OPP_OF_MICROAMP,
	OPP_OF_MICROWATT,
	OPP_OF_NR_SUPPLY_PROPS,
};

static const char * const opp_of_supply_names[OPP_OF_NR_SUPPLY_PROPS] = {
	[OPP_OF_MICROVOLT] = "microvolt",
	[OPP_OF_MICROAMP] = "microamp",
	[OPP_OF_MICROWATT] = "microwatt",
};

/**
 * struct opp_of_props - the properties of one OPP node that the parser reads
 * @hz: "opp-hz"
 * @peak_bw: "opp-peak-kBps"
 * @avg_bw: "opp-avg-kBps"
 * @level: "opp-level"
 * @supported_hw: "opp-supported-hw"
 * @suspend: "opp-suspend"
 * @turbo: "turbo-mode"
 * @required: "required-opps"
 * @latency: "clock-latency-ns"
 * @supply: "opp-microvolt" and friends, [0] without the table's prop_name
 *	suffix and [1] with it
 *
 * Each is NULL when the node does not have it. Found in one walk over the
 * node's properties: a table of N nodes costs N walks, not a dozen lookups
 * by name for each node, which each take the device tree's lock.
 */
struct opp_of_props {
	struct property *hz;
	struct property *peak_bw;
	struct property *avg_bw;
	struct property *level;
	struct property *supported_hw;
	struct property *suspend;
	struct property *turbo;
	struct property *required;
	struct property *latency;
	struct property *supply[OPP_OF_NR_SUPPLY_PROPS][2];
};

static const struct {
	const char *name;
	size_t offset;
} opp_of_prop_slots[] = {
	{ "opp-hz", offsetof(struct opp_of_props, hz) },
	{ "opp-peak-kBps", offsetof(struct opp_of_props, peak_bw) },
	{ "opp-avg-kBps", offsetof(struct opp_of_props, avg_bw) },
	{ "opp-level", offsetof(struct opp_of_props, level) },
	{ "opp-supported-hw", offsetof(struct opp_of_props, supported_hw) },
	{ "opp-suspend", offsetof(struct opp_of_props, suspend) },
	{ "turbo-mode", offsetof(struct opp_of_props, turbo) },
	{ "required-opps", offsetof(struct opp_of_props, required) },
	{ "clock-latency-ns", offsetof(struct opp_of_props, latency) },
};

/* Files "opp-<what>" and "opp-<what>-<prop_name>" in their slots. */
static void opp_of_match_supply(const struct opp_of_parser *p,
				struct opp_of_props *props,
				struct property *prop)
{
	const char *what, *rest;
	unsigned int i;

	if (!str_has_prefix(prop->name, "opp-"))
		return;

	/* No supply name begins another: the first that matches is it. */
	what = prop->name + strlen("opp-");
	for (i = 0; i < OPP_OF_NR_SUPPLY_PROPS; i++) {
		if (!str_has_prefix(what, opp_of_supply_names[i]))
			continue;
		rest = what + strlen(opp_of_supply_names[i]);
		if (!*rest && !props->supply[i][0])
			props->supply[i][0] = prop;
		else if (*rest == '-' && p->prop_name &&
			 !strcmp(rest + 1, p->prop_name) && !props->supply[i][1])
			props->supply[i][1] = prop;
		return;
	}
}

/*
 * The walk takes no lock, as of_find_property() holds it only for its own
 * walk and its callers use the property after: a property is added or
 * removed under the device tree's locks, and a removed one is kept on the
 * node's deadprops, never freed while the node lives. Of two properties of
 * one name (a node built by a changeset may have them), the first is the
 * one, as for of_find_property().
 */
static void opp_of_gather(const struct opp_of_parser *p,
			  struct device_node *np, struct opp_of_props *props)
{
	struct property *prop, **slot;
	unsigned int i;

	memset(props, 0, sizeof(*props));
	for_each_property_of_node(np, prop) {
		for (i = 0; i < ARRAY_SIZE(opp_of_prop_slots); i++) {
			if (strcmp(prop->name, opp_of_prop_slots[i].name))
				continue;
			slot = (struct property **)((char *)props +
						    opp_of_prop_slots[i].offset);
			if (!*slot)
				*slot = prop;
			break;
		}
		if (i == ARRAY_SIZE(opp_of_prop_slots))
			opp_of_match_supply(p, props, prop);
	}
}

/* "opp-<what>-<prop_name>" when the node has it, else "opp-<what>". */
static struct property *opp_of_supply_prop(const struct opp_of_props *props,
					   enum opp_of_supply_prop what)
{
	return props->supply[what][1] ?: props->supply[what][0];
}

/* Cell @i of @prop, which the caller counted. */
static u32 opp_of_cell(const struct property *prop, unsigned int i)
{
	return be32_to_cpup((const __be32 *)prop->value + i);
}

/* A property of one cell: its first cell, or false when it has none. */
static bool opp_of_read_one(const struct opp_of_parser *p,
			    struct device_node *np, const struct property *prop,
			    u32 *val)
{
	if (!prop)
		return false;
	if (prop->length != sizeof(u32))
		dev_warn(p->dev, "%pOF: %s is %d bytes, not one cell; %s\n",
			 np, prop->name, prop->length,
			 prop->length < sizeof(u32) ? "ignoring it" :
			 "using its first cell");
	if (prop->length < sizeof(u32))
		return false;

	*val = opp_of_cell(prop, 0);
	return true;
}

/*
 * Every rate loads: multi-clock tables (UFS) give 0 for the clocks they do
 * not scale, and a table whose device has no clock (firmware owns it) uses
 * its rates only as keys. Warns about a rate a single clock cannot be set
 * to.
 */
static void opp_of_lint_rate(const struct opp_of_parser *p,
			     struct device_node *np, u64 rate,
			     unsigned int nr_clks)
{
	if ((unsigned long)rate != rate)
		dev_warn(p->dev, "%pOF: opp-hz %llu does not fit an unsigned long; using %lu\n",
			 np, rate, (unsigned long)rate);
	else if (rate > LONG_MAX)
		dev_warn(p->dev, "%pOF: opp-hz %llu is beyond what a clock can be set to\n",
			 np, rate);
	else if (!rate && nr_clks == 1)
		dev_warn(p->dev, "%pOF: opp-hz is 0\n", np);
}

/* "opp-hz": one 64-bit rate per clock of the table. */
static int opp_of_read_rates(const struct opp_of_parser *p,
			     struct device_node *np,
			     const struct opp_of_props *props,
			     struct dev_pm_opp *opp)
{
	const struct property *prop = props->hz;
	unsigned int i;
	u64 rate;

	if (!prop)
		return -ENODEV;

	if (prop->length / sizeof(u64) != opp->nr_clks) {
		dev_err(p->dev, "%pOF: opp-hz is %d bytes, the table has %u clock(s) of 64 bits\n",
			np, prop->length, opp->nr_clks);
		return -EINVAL;
	}
	if (prop->length % sizeof(u64))
		dev_warn(p->dev, "%pOF: opp-hz is %d bytes; reading %u 64-bit rate(s)\n",
			 np, prop->length, opp->nr_clks);

	for (i = 0; i < opp->nr_clks; i++) {
		rate = of_read_number((const __be32 *)prop->value + 2 * i, 2);
		opp_rates(opp)[i] = rate;
		opp_of_lint_rate(p, np, rate, opp->nr_clks);
	}

	return 0;
}

/* "opp-peak-kBps" or "opp-avg-kBps": one value per interconnect path. */
static int opp_of_read_bw(const struct opp_of_parser *p,
			  struct device_node *np, struct dev_pm_opp *opp,
			  const struct property *prop, bool peak)
{
	const char *name = peak ? "opp-peak-kBps" : "opp-avg-kBps";
	unsigned int i;
	u32 bw;

	if (!prop)
		return -ENODEV;

	if (prop->length / sizeof(u32) != opp->nr_paths) {
		dev_err(p->dev, "%pOF: %s is %d bytes, the device has %u interconnect path(s)\n",
			np, name, prop->length, opp->nr_paths);
		return -EINVAL;
	}
	if (prop->length % sizeof(u32))
		dev_warn(p->dev, "%pOF: %s is %d bytes; reading %u value(s)\n",
			 np, name, prop->length, opp->nr_paths);

	/* The interconnect framework counts in kBps too. */
	for (i = 0; i < opp->nr_paths; i++) {
		bw = opp_of_cell(prop, i);
		if (peak)
			opp_bw(opp)[i].peak = bw;
		else
			opp_bw(opp)[i].avg = bw;
	}

	return 0;
}

/* "opp-level": found when it has a cell. */
static bool opp_of_read_level(const struct opp_of_parser *p,
			      struct device_node *np,
			      const struct opp_of_props *props,
			      struct dev_pm_opp *opp)
{
	if (!opp_of_read_one(p, np, props->level, &opp->level))
		return false;

	if (opp->level == OPP_LEVEL_UNSET)
		dev_warn(p->dev, "%pOF: opp-level %#x is the value of no level\n",
			 np, opp->level);
	return true;
}

/*
 * Rate, bandwidth and level: at least one of them names the OPP. A malformed
 * rate or bandwidth fails the table: the OPP's place in it and the point it
 * stands for cannot be known. An OPP without any key fails it with -ENODEV,
 * the error drivers such as sdhci-msm and panfrost take for "no table" and
 * probe on without DVFS.
 */
static int opp_of_read_keys(const struct opp_of_parser *p,
			    struct device_node *np,
			    const struct opp_of_props *props,
			    struct dev_pm_opp *opp)
{
	bool found = false;
	int ret;

	ret = opp_of_read_rates(p, np, props, opp);
	if (ret && ret != -ENODEV)
		return ret;
	found |= !ret;

	ret = opp_of_read_bw(p, np, opp, props->peak_bw, true);
	if (!ret) {
		found = true;
		ret = opp_of_read_bw(p, np, opp, props->avg_bw, false);
	}
	if (ret && ret != -ENODEV)
		return ret;

	found |= opp_of_read_level(p, np, props, opp);
	if (found)
		return 0;

	dev_err(p->dev, "%pOF: OPP has none of opp-hz, opp-peak-kBps and opp-level\n",
		np);
	return -ENODEV;
}

/*
 * "opp-supported-hw": one or more versions of supported_hw_count cells; the
 * OPP is for this hardware when every cell of one version shares a bit with
 * the hardware's word at the same position. An OPP is only loaded when it
 * is known to be meant for this hardware, since it may be a point another
 * variant of the chip is qualified at and this one is not: a table without
 * hardware versions skips the OPPs that have the property (nothing to match
 * it against), and a table with them skips the OPPs whose property is
 * missing or not whole versions.
 */
static bool opp_of_is_supported(const struct opp_of_parser *p,
				struct device_node *np,
				const struct opp_of_props *props)
{
	const struct property *prop = props->supported_hw;
	unsigned int words = p->supported_hw_count, count, v, i;
	bool match = false;

	if (!words)
		return !prop;

	count = prop ? prop->length / sizeof(u32) : 0;
	if (!prop || !count || prop->length % sizeof(u32) || count % words) {
		dev_err(p->dev, "%pOF: opp-supported-hw is %d bytes, not versions of %u cell(s); skipping the OPP\n",
			np, prop ? prop->length : 0, words);
		return false;
	}

	for (v = 0; v < count / words && !match; v++) {
		match = true;
		for (i = 0; i < words && match; i++)
			match = opp_of_cell(prop, v * words + i) &
				p->supported_hw[i];
	}

	return match;
}

/* A node that can be an OPP: it has one of the keys that name an OPP. */
static bool opp_of_is_opp_node(struct device_node *np)
{
	return of_property_present(np, "opp-hz") ||
	       of_property_present(np, "opp-peak-kBps") ||
	       of_property_present(np, "opp-level");
}

/*
 * Entry @i of a loaded required table: the OPP must be in it (-ENODEV
 * otherwise), since a transition to the OPP could never cast the vote the
 * device needs. A device in a single power domain takes the domain OPP's
 * level as its own, unless a required device votes it: the device votes that
 * level to its domain in a transition (without it, a driver such as
 * sdhci-msm would raise its clock with no vote on the rail), and lookups by
 * level, sorting, repeats and debugfs see the level it runs at.
 */
static int opp_of_link_loaded(const struct opp_of_parser *p,
			      struct device_node *np, struct dev_pm_opp *opp,
			      unsigned int i)
{
	struct device_node *req = opp_required_nps(opp)[i];
	struct device_node *parent __free(device_node) = of_get_parent(req);
	struct opp_required_state found;

	if (!req || parent != p->req[i].table ||
	    !opp_required_resolve(req, &found)) {
		dev_err(p->dev, "%pOF: required-opps entry %u is not an OPP of %pOF, which is loaded\n",
			np, i, p->req[i].table);
		return -ENODEV;
	}

	if (p->shape.nr_required == 1 && found.genpd && !p->table->is_genpd &&
	    !p->required_dev) {
		if (opp->level == OPP_LEVEL_UNSET)
			opp->level = found.level;
		else
			dev_warn(p->dev, "%pOF: has opp-level and inherits the level of %pOF; keeping opp-level\n",
				 np, req);
	}

	return 0;
}

/* Entry @i of a required table that is not loaded: linked once it is. */
static void opp_of_link_later(const struct opp_of_parser *p,
			      struct device_node *np, struct dev_pm_opp *opp,
			      unsigned int i, unsigned int count)
{
	struct device_node *req = opp_required_nps(opp)[i];

	if (i >= count)
		return;
	if (!req)
		dev_warn(p->dev, "%pOF: required-opps entry %u names no node; the OPP cannot be used once %pOF is loaded\n",
			 np, i, p->req[i].table);
	else if (!opp_of_is_opp_node(req))
		dev_warn(p->dev, "%pOF: required-opps entry %u, %pOF, is not an OPP node\n",
			 np, i, req);
}

/*
 * "required-opps": as many entries as the table's first OPP has, one per
 * required device the transitions vote through. A missing entry is kept as
 * NULL, which makes the OPP unavailable once that table is loaded while the
 * rest of the table stays usable, and an extra one is ignored, having no
 * device to be voted through; both are warned about.
 */
static int opp_of_read_required(const struct opp_of_parser *p,
				struct device_node *np,
				const struct opp_of_props *props,
				struct dev_pm_opp *opp)
{
	/* Phandles without arguments, as opp_of_node_required_entries() counts. */
	unsigned int count = props->required ?
			     props->required->length / sizeof(__be32) : 0, i;
	int ret;

	if (!opp->nr_required) {
		if (count && !p->required_dropped)
			dev_warn(p->dev, "%pOF: the table's first OPP has no required-opps; ignoring these\n",
				 np);
		return 0;
	}

	if (count != opp->nr_required)
		dev_warn(p->dev, "%pOF: required-opps has %u entries, the table's first OPP %u; %s\n",
			 np, count, opp->nr_required,
			 count < opp->nr_required ? "the OPP lacks the others" :
			 "ignoring the others");

	for (i = 0; i < opp->nr_required; i++) {
		opp_required_nps(opp)[i] = i < count ?
			of_parse_phandle(np, "required-opps", i) : NULL;
		if (!p->req[i].loaded) {
			opp_of_link_later(p, np, opp, i, count);
			continue;
		}
		ret = opp_of_link_loaded(p, np, opp, i);
		if (ret)
			return ret;
	}

	/* Until the domain's table is loaded, its level is looked up on use. */
	opp->inherits_level = opp->nr_required == 1 && !p->req[0].loaded &&
			      !p->table->is_genpd &&
			      opp->level == OPP_LEVEL_UNSET;
	return 0;
}

/* "clock-latency-ns": one cell, or its first. */
static void opp_of_read_latency(const struct opp_of_parser *p,
				struct device_node *np,
				const struct opp_of_props *props,
				struct dev_pm_opp *opp)
{
	u32 latency;

	if (opp_of_read_one(p, np, props->latency, &latency))
		opp->clock_latency_ns = latency;
}

static bool opp_of_has_supply_props(const struct opp_of_props *props)
{
	return opp_of_supply_prop(props, OPP_OF_MICROVOLT) ||
	       opp_of_supply_prop(props, OPP_OF_MICROAMP) ||
	       opp_of_supply_prop(props, OPP_OF_MICROWATT);
}

/*
 * Without configured regulators, the first OPP whose supplies are read fixes
 * their number: one when it has a supply property, so that drivers that set
 * the voltage themselves (imx6q-cpufreq, mediatek-cpufreq) and the energy
 * model read the OPPs' voltages; none otherwise, so that debugfs shows no
 * supply-0 of zeros. The storage of an OPP holds one supply either way.
 */
static void opp_of_fix_supplies(struct opp_of_parser *p,
				const struct opp_of_props *props,
				struct dev_pm_opp *opp)
{
	if (!p->supplies_known) {
		p->shape.nr_supplies = opp_of_has_supply_props(props);
		p->supplies_known = true;
	}
	opp->nr_supplies = p->shape.nr_supplies;
}

/* Cells of a supply property, or -EINVAL when it is not whole cells. */
static int opp_of_supply_cells(const struct opp_of_parser *p,
			       struct device_node *np,
			       const struct property *prop)
{
	if (prop->length % sizeof(u32)) {
		dev_err(p->dev, "%pOF: %s is %d bytes, not whole cells\n", np,
			prop->name, prop->length);
		return -EINVAL;
	}

	return prop->length / sizeof(u32);
}

/*
 * Lint: a window with min above max admits no voltage, and a target outside
 * its window is a typo. Both load, with a warning: real tables (the binding's
 * first tutorial among them) write <min target max>, and the boards that
 * ship them run at those OPPs.
 */
static void opp_of_lint_window(const struct opp_of_parser *p,
			       struct device_node *np,
			       const struct dev_pm_opp_supply *supply,
			       unsigned int index)
{
	if (supply->u_volt_min > supply->u_volt_max)
		dev_warn(p->dev, "%pOF: supply %u window [%lu, %lu] uV is empty\n",
			 np, index, supply->u_volt_min, supply->u_volt_max);
	else if (supply->u_volt < supply->u_volt_min ||
		 supply->u_volt > supply->u_volt_max)
		dev_warn(p->dev, "%pOF: supply %u target %lu uV is outside [%lu, %lu] uV; the order is <target min max>\n",
			 np, index, supply->u_volt, supply->u_volt_min,
			 supply->u_volt_max);
}

/*
 * "opp-microvolt[-<name>]": one value or a <target min max> per supply. A
 * table driving regulators needs it on its first OPP (-EINVAL otherwise): a
 * table that gives the named regulators no voltage at all was not written
 * for them. A later OPP without it gets 0 V, which the check against the
 * regulators' ranges usually disables, so that OPP is lost, not the table.
 */
static int opp_of_read_microvolt(const struct opp_of_parser *p,
				 struct device_node *np,
				 const struct opp_of_props *props,
				 struct dev_pm_opp_supply *supplies)
{
	const struct property *prop = opp_of_supply_prop(props,
							 OPP_OF_MICROVOLT);
	unsigned int nr = p->shape.nr_supplies, i, per;
	int count;

	if (!prop) {
		if (!p->supplies_configured || p->had_opps || p->nr)
			return 0;
		dev_err(p->dev, "%pOF: has no opp-microvolt, and the OPP table drives %u regulator(s)\n",
			np, nr);
		return -EINVAL;
	}

	count = opp_of_supply_cells(p, np, prop);
	if (count < 0)
		return count;
	if (count != nr && count != 3 * nr) {
		dev_err(p->dev, "%pOF: %s has %d values for %u supplies; expected one or three per supply\n",
			np, prop->name, count, nr);
		return -EINVAL;
	}

	per = count == nr ? 1 : 3;
	for (i = 0; i < nr; i++) {
		supplies[i].u_volt = opp_of_cell(prop, i * per);
		supplies[i].u_volt_min = opp_of_cell(prop, i * per + (per == 3));
		supplies[i].u_volt_max = opp_of_cell(prop,
						     i * per + 2 * (per == 3));
		opp_of_lint_window(p, np, &supplies[i], i);
	}

	return 0;
}

/* "opp-microamp[-<name>]" and "opp-microwatt[-<name>]": one per supply. */
static int opp_of_read_per_supply(const struct opp_of_parser *p,
				  struct device_node *np,
				  const struct opp_of_props *props,
				  struct dev_pm_opp_supply *supplies, bool amp)
{
	const struct property *prop =
		opp_of_supply_prop(props, amp ? OPP_OF_MICROAMP :
						OPP_OF_MICROWATT);
	unsigned int nr = p->shape.nr_supplies, i;
	int count;

	if (!prop)
		return 0;

	count = opp_of_supply_cells(p, np, prop);
	if (count < 0)
		return count;
	if (count != nr) {
		dev_err(p->dev, "%pOF: %s has %d values for %u supplies\n",
			np, prop->name, count, nr);
		return -EINVAL;
	}

	for (i = 0; i < nr; i++) {
		if (amp)
			supplies[i].u_amp = opp_of_cell(prop, i);
		else
			supplies[i].u_watt = opp_of_cell(prop, i);
	}

	return 0;
}

static int opp_of_read_supplies(struct opp_of_parser *p,
				struct device_node *np,
				const struct opp_of_props *props,
				struct dev_pm_opp *opp)
{
	struct dev_pm_opp_supply *supplies = opp_supplies(opp);
	int ret;

	opp_of_fix_supplies(p, props, opp);
	ret = opp_of_read_microvolt(p, np, props, supplies);
	if (!ret)
		ret = opp_of_read_per_supply(p, np, props, supplies, true);
	if (!ret)
		ret = opp_of_read_per_supply(p, np, props, supplies, false);
	return ret;
}

/*
 * Reads one OPP node into a new, unpublished OPP, in this order: the keys,
 * whether the node is for this hardware, the required OPPs, the supplies.
 * The order decides which fault of a node counts: a malformed key fails the
 * table even in a node for other hardware, malformed supplies there do not.
 * Another order would fail tables that boards ship and load, or load ones
 * that fail. Returns NULL for a skipped node.
 */
static struct dev_pm_opp *opp_of_read_opp(struct opp_of_parser *p,
					  struct device_node *np)
{
	struct dev_pm_opp *opp = opp_alloc(&p->shape);
	struct opp_of_props props;
	int ret;

	if (!opp)
		return ERR_PTR(-ENOMEM);

	opp->np = of_node_get(np);
	opp_of_gather(p, np, &props);
	ret = opp_of_read_keys(p, np, &props, opp);
	if (ret)
		goto fail;

	if (!opp_of_is_supported(p, np, &props)) {
		dev_dbg(p->dev, "%pOF: not for this hardware\n", np);
		opp_free(opp);
		return NULL;
	}

	opp->available = true;
	opp->turbo = !!props.turbo;
	opp->suspend = !!props.suspend;
	ret = opp_of_read_required(p, np, &props, opp);
	if (ret)
		goto fail;
	opp_of_read_latency(p, np, &props, opp);
	ret = opp_of_read_supplies(p, np, &props, opp);
	if (ret)
		goto fail;

	return opp;

fail:
	opp_free(opp);
	return ERR_PTR(ret);
}

/* ------------------------------------------------------------------------ */
/* Taking OPPs into the table being built                                    */
/* ------------------------------------------------------------------------ */

static unsigned long opp_of_volt(struct dev_pm_opp *opp, unsigned int supply)
{
	return opp_supplies(opp)[supply].u_volt;
}

/* Index in @p->opps where @opp belongs; *@same is set to an equal OPP. */
static unsigned int opp_of_position(const struct opp_of_parser *p,
				    struct dev_pm_opp *opp,
				    struct dev_pm_opp **same)
{
	unsigned int i = opp_lower_bound(p->opps, p->nr, opp);

	*same = i < p->nr && !opp_cmp(p->opps[i], opp) ? p->opps[i] : NULL;
	return i;
}

/*
 * An OPP equal in table order to one taken before, or to one the table has
 * (added by code), is ignored when opp_is_harmless_repeat() says so; any
 * other would make lookups ambiguous, so the table is refused.
 */
static enum opp_repeat opp_of_check_repeat(const struct opp_of_parser *p,
					   struct dev_pm_opp *opp,
					   struct dev_pm_opp *same)
{
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
 * Lint: nodes should ascend. Overlays attach nodes in reverse, so their
 * order says nothing about the source and is not checked.
 */
static void opp_of_lint_order(struct opp_of_parser *p, struct dev_pm_opp *opp)
{
	if (!p->last || p->unordered || !opp->np ||
	    of_node_check_flag(opp->np, OF_OVERLAY))
		return;

	if (opp_cmp(p->last, opp) > 0) {
		dev_warn(p->dev, "%pOF: OPP nodes are not in ascending order\n",
			 opp->np);
		p->unordered = true;
	}
}

/*
 * A required OPP that is disabled when its table is there disables the OPP
 * that needs it: a transition to it would need a state the required device
 * does not offer. Only once every required table is loaded.
 */
static void opp_of_check_required_available(const struct opp_of_parser *p,
					    struct dev_pm_opp *opp)
{
	struct opp_required_state req;
	unsigned int i;

	for (i = 0; i < opp->nr_required; i++) {
		if (!opp_required_resolve(opp_required_nps(opp)[i], &req) ||
		    req.available)
			continue;
		dev_warn(p->dev, "%pOF: required OPP %pOF is disabled; disabling this OPP\n",
			 opp->np, opp_required_nps(opp)[i]);
		opp->available = false;
		return;
	}
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
	struct dev_pm_opp *same;
	unsigned int pos = opp_of_position(p, opp, &same);
	enum opp_repeat repeat = opp_of_check_repeat(p, opp, same);

	if (repeat != OPP_NEW) {
		opp_free(opp);
		return repeat == OPP_CLASH ? -EEXIST : 0;
	}

	opp_of_lint_order(p, opp);
	memmove(&p->opps[pos + 1], &p->opps[pos],
		(p->nr - pos) * sizeof(*p->opps));
	p->opps[pos] = opp;
	p->arrived[p->nr] = opp;
	p->nr++;
	p->last = opp;

	opp_check_regulators(p->table, p->dev, &opp, 1);
	if (p->shape.nr_required && !p->lazy)
		opp_of_check_required_available(p, opp);
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

/* Frees the OPPs of @p->opps from @from on. */
static void opp_of_free_from(struct opp_of_parser *p, unsigned int from)
{
	while (p->nr > from)
		opp_free(p->opps[--p->nr]);
}

/* Publishes the OPPs taken, all at once. */
static int opp_of_finish(struct opp_of_parser *p)
{
	int ret;

	opp_of_pick_suspend(p);
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
	opp_of_free_from(p, ret);
	p->nr = 0;
	return 0;
}

static void opp_of_free_unpublished(struct opp_of_parser *p)
{
	opp_of_free_from(p, 0);
	kfree(p->opps);
	p->opps = NULL;
	kfree(p->arrived);
	p->arrived = NULL;
}

/* Room for @nr OPPs, kept sorted and in the order their nodes came. */
static int opp_of_alloc_opps(struct opp_of_parser *p, unsigned int nr)
{
	p->opps = kcalloc(max(nr, 1U), sizeof(*p->opps), GFP_KERNEL);
	p->arrived = kcalloc(max(nr, 1U), sizeof(*p->arrived), GFP_KERNEL);
	return p->opps && p->arrived ? 0 : -ENOMEM;
}

/*
 * A load that fails once OPPs were taken: the notifiers hear of each
 * addition, then of each removal (in table order), as if each node's OPP
 * had been added as it came and all removed on the error, though no lookup
 * ever saw those OPPs; their clock latencies still count in the table's
 * maximum.
 */
static void opp_of_undo_failed(struct opp_of_parser *p)
{
	struct opp_table *table = p->table;
	unsigned long latency = 0;
	unsigned int i;

	for (i = 0; i < p->nr; i++) {
		opp_notify(table, OPP_EVENT_ADD, p->arrived[i]);
		latency = max_t(unsigned long, latency,
				p->arrived[i]->clock_latency_ns);
	}
	for (i = 0; i < p->nr; i++)
		opp_notify(table, OPP_EVENT_REMOVE, p->opps[i]);

	guard(mutex)(&table->lock);
	if (latency > table->clock_latency_ns_max)
		WRITE_ONCE(table->clock_latency_ns_max, latency);
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
	int nr = opp_of_count_paths(p->dev, p->np), ret = 0;

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
 * Entry @i of the "required-opps" of @first, the table's first OPP: the node
 * of the table it points into, referenced, or NULL when it names no node.
 */
static struct device_node *opp_of_required_table(struct device_node *first,
						 unsigned int i)
{
	struct device_node *req __free(device_node) =
		of_parse_phandle(first, "required-opps", i);

	return req ? of_get_parent(req) : NULL;
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
	unsigned int count = opp_of_node_required_entries(first), i;

	p->shape.nr_required = 0;
	if (!count)
		return 0;
	if (!opp_of_required_entries_named(first, count)) {
		p->required_dropped = true;
		dev_warn(p->dev, "%pOF: required-opps has an entry that names no node; the table's OPPs require nothing\n",
			 first);
		return 0;
	}
	/* An OPP counts its required OPPs in a byte. */
	if (count > U8_MAX) {
		dev_err(p->dev, "%pOF: required-opps has %u entries, more than %u\n",
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
	unsigned int j;

	for_each_available_child_of_node_scoped(seen[i], child) {
		for (j = 0; ; j++) {
			struct device_node *req __free(device_node) =
				of_parse_phandle(child, "required-opps", j);

			if (!req)
				break;
			if (!opp_of_is_opp_node(req))
				continue;

			struct device_node *table __free(device_node) =
				of_get_parent(req);

			if (table == p->np) {
				dev_err(p->dev, "%pOF: required-opps of %pOF lead back to this table, which could never be freed\n",
					p->np, child);
				return -EINVAL;
			}
			if (opp_of_seen(seen, *nr, table))
				continue;
			if (*nr == OPP_OF_MAX_REQUIRED_TABLES) {
				dev_warn_once(p->dev, "%pOF: required-opps reach more than %d tables; loops through %pOF are not looked for\n",
					      p->np, OPP_OF_MAX_REQUIRED_TABLES,
					      table);
				continue;
			}
			seen[(*nr)++] = no_free_ptr(table);
		}
	}

	return 0;
}

/*
 * Refused: an OPP that requires an OPP of its own table, directly or
 * through other tables. Once every table of the
 * loop is loaded its OPPs hold each other in a circle of references and are
 * never freed; refusing the table is the only way not to leak it. Walk the
 * tables the table requires, breadth first, and refuse the table when the
 * walk comes back.
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

static int opp_of_read_children(struct opp_of_parser *p)
{
	struct dev_pm_opp *opp;
	int ret;

	for_each_available_child_of_node_scoped(p->np, child) {
		opp = opp_of_read_opp(p, child);
		if (IS_ERR(opp))
			return PTR_ERR(opp);
		if (!opp)
			continue;

		ret = opp_of_take(p, opp);
		if (ret)
			return ret;
	}

	return 0;
}

static int opp_of_parse_v2(struct opp_of_parser *p)
{
	unsigned int nr = of_get_available_child_count(p->np);
	int ret;

	if (of_property_present(p->dev->of_node, "operating-points"))
		dev_warn(p->dev, "%pOF: has operating-points and operating-points-v2; using v2\n",
			 p->dev->of_node);

	ret = opp_of_setup_paths(p);
	if (!ret)
		ret = opp_of_setup_required(p);
	if (!ret)
		ret = opp_of_check_required_loop(p);
	if (ret)
		return ret;

	ret = opp_of_alloc_opps(p, nr);
	if (!ret)
		ret = opp_of_read_children(p);
	if (ret)
		return ret;

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
static struct dev_pm_opp *opp_of_make_v1(struct opp_of_parser *p, u32 khz,
					 u32 uv)
{
	unsigned long margin = (unsigned long)uv *
			       p->table->voltage_tolerance_v1 / 100;
	struct dev_pm_opp *opp = opp_alloc(&p->shape);
	struct dev_pm_opp_supply *supply;

	if (!opp)
		return NULL;

	supply = opp_supplies(opp);
	opp_rates(opp)[0] = (unsigned long)khz * 1000;
	supply->u_volt = uv;
	supply->u_volt_min = uv - margin;
	supply->u_volt_max = uv + margin;
	opp->level = 0;
	opp->available = true;
	return opp;
}

/*
 * Checks "operating-points": the errors (-ENODATA without a value, -EINVAL
 * for a list that is not pairs) are those the drivers of old boards were
 * written against. Returns its number of pairs.
 */
static int opp_of_count_v1(struct opp_of_parser *p, struct property *prop)
{
	struct device_node *np = p->dev->of_node;
	unsigned int cells = prop->length / sizeof(u32);

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

	return cells / 2;
}

static int opp_of_parse_v1(struct opp_of_parser *p)
{
	struct device_node *np = p->dev->of_node;
	struct property *prop = of_find_property(np, "operating-points", NULL);
	struct dev_pm_opp *opp;
	int nr, i, ret;
	u32 khz, uv;

	if (!prop)
		return -ENODEV;
	nr = opp_of_count_v1(p, prop);
	if (nr < 0)
		return nr;

	p->shape.nr_paths = 0;
	p->shape.nr_required = 0;
	/* Without named regulators, the voltages drive no supply. */
	if (!p->supplies_known)
		p->shape.nr_supplies = 0;
	ret = opp_of_alloc_opps(p, nr);
	if (ret)
		return ret;

	for (i = 0; i < nr; i++) {
		of_property_read_u32_index(np, "operating-points", 2 * i, &khz);
		of_property_read_u32_index(np, "operating-points", 2 * i + 1,
					   &uv);
		if (!khz)
			dev_warn(p->dev, "%pOF: operating-points entry %d has 0 kHz\n",
				 np, i);
		opp = opp_of_make_v1(p, khz, uv);
		if (!opp)
			return -ENOMEM;
		ret = opp_of_take(p, opp);
		if (ret)
			return ret;
	}

	return opp_of_finish(p);
}

/* ------------------------------------------------------------------------ */
/* Required OPPs of tables loaded earlier                                    */
/* ------------------------------------------------------------------------ */

/*
 * A table whose required tables were not all loaded links them when they
 * are: drivers probe in no fixed order, and waiting instead of returning
 * -EPROBE_DEFER spares the consumers a probe storm. OPPs that wait for the
 * level of their power domain's OPP get it then, unless a required device
 * was set by that time to vote for the domain in the device's stead. OPPs
 * whose required OPPs are disabled become unavailable, as they would be had
 * the required table been there first; so do those whose required OPP is
 * not in the table it should be in, since a transition could never cast
 * their vote. Every table load makes a pass over the pending tables; passes
 * are serialised, and a table is visited once per pass.
 */
static DEFINE_MUTEX(opp_of_pending_lock);
static unsigned long opp_of_pending_pass;

/* Whether the first @nr tables @np's first OPP requires are all loaded. */
static bool opp_of_required_loaded(struct device_node *np, unsigned int nr)
{
	struct device_node *first __free(device_node) =
		of_get_next_available_child(np, NULL);
	unsigned int i;

	for (i = 0; i < nr; i++) {
		struct device_node *table __free(device_node) =
			opp_of_required_table(first, i);

		if (!opp_table_np_loaded(table))
			return false;
	}

	return true;
}

/* Whether a required OPP lets @opp down; it only looks, for disable_unmet. */
static bool opp_of_required_unmet(struct dev_pm_opp *opp)
{
	struct opp_required_state found;
	struct device_node *req;
	unsigned int i;
	bool loaded;

	for (i = 0; i < opp->nr_required; i++) {
		req = opp_required_nps(opp)[i];
		loaded = opp_required_resolve(req, &found);
		if (loaded && found.available)
			continue;
		pr_warn("%pOF: required OPP %u, %pOF, is %s; disabling this OPP\n",
			opp->np, i, req, loaded ? "disabled" : "not loaded");
		return true;
	}

	return false;
}

/* Links the required OPPs of @table once all their tables are loaded. */
static void opp_of_settle_required(struct opp_table *table)
{
	bool required_dev;
	unsigned int nr;

	guard(mutex)(&table->static_lock);
	if (!table->required_pending || !table->np)
		return;

	scoped_guard(mutex, &table->lock)
		nr = table->shape.nr_required;
	if (nr && !opp_of_required_loaded(table->np, nr))
		return;

	scoped_guard(mutex, &table->dvfs_lock)
		required_dev = table->nr_required_devs &&
			       table->required_devs[0];
	if (opp_table_inherit_levels(table, required_dev))
		return;
	if (opp_table_disable_unmet(table, opp_of_required_unmet) >= 0)
		/* Pairs with __opp_required_pending(): levels first. */
		smp_store_release(&table->required_pending, false);
}

/* A walk for a pending table that this pass has not seen yet. */
struct opp_of_pending_search {
	unsigned long pass;
	struct opp_table *table;
};

/* Under RCU: takes @table when it is pending and new to the pass. */
static bool opp_of_pending_visit(struct opp_table *table, void *data)
{
	struct opp_of_pending_search *s = data;

	if (!READ_ONCE(table->required_pending) ||
	    table->required_pass == s->pass)
		return false;
	table->required_pass = s->pass;
	if (!kref_get_unless_zero(&table->kref))
		return false;

	s->table = table;
	return true;
}

/* A pending table not seen in this pass, referenced, or NULL. */
static struct opp_table *opp_of_next_pending(unsigned long pass)
{
	struct opp_of_pending_search s = { .pass = pass };

	return opp_tables_walk_rcu(opp_of_pending_visit, &s) ? s.table : NULL;
}

static void opp_of_link_pending(void)
{
	struct opp_table *table;

	guard(mutex)(&opp_of_pending_lock);
	opp_of_pending_pass++;
	while ((table = opp_of_next_pending(opp_of_pending_pass))) {
		opp_of_settle_required(table);
		dev_pm_opp_put_opp_table(table);
	}
}

/* ------------------------------------------------------------------------ */
/* Loading and removing tables                                               */
/* ------------------------------------------------------------------------ */

static int opp_of_populate(struct opp_table *table, void *data)
{
	struct opp_of_parser *p = data;
	int ret;

	ret = p->np ? opp_of_parse_v2(p) : opp_of_parse_v1(p);
	if (ret && p->nr)
		opp_of_undo_failed(p);
	opp_of_free_unpublished(p);
	return ret;
}

/* Copies the configuration the parse depends on, so it cannot change. */
static int opp_of_parser_init(struct opp_of_parser *p, struct device *dev,
			      struct opp_table *table)
{
	struct opp_snapshot *snap;

	scoped_guard(mutex, &table->dvfs_lock)
		p->required_dev = table->nr_required_devs &&
				  table->required_devs[0];

	guard(mutex)(&table->lock);
	snap = __opp_table_snapshot(table);
	p->dev = dev;
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
	unsigned int i;

	for (i = 0; p->req && i < p->shape.nr_required; i++)
		of_node_put(p->req[i].table);
	kfree(p->req);
	kfree(p->prop_name);
	kfree(p->supported_hw);
}

/*
 * An "operating-points-v2" entry that names no node is as if it were not
 * there: "operating-points" is loaded instead, so an old board keeps its
 * legacy table, or the load fails with -ENODEV, which drivers take for "no
 * table". Say so, since it is most likely a mistake.
 */
static void opp_of_check_table_phandle(struct device *dev, int index)
{
	int count;

	if (!dev->of_node ||
	    !of_property_present(dev->of_node, "operating-points-v2"))
		return;

	/* Asking for a table past the last one is the caller's business. */
	count = of_count_phandle_with_args(dev->of_node, "operating-points-v2",
					   NULL);
	if (index >= count)
		return;

	struct device_node *np __free(device_node) =
		opp_of_table_node(dev, index);

	if (!np)
		dev_warn(dev, "%pOF: operating-points-v2 entry %d names no node; trying operating-points\n",
			 dev->of_node, index);
}

static int opp_of_add_table(struct device *dev, int index)
{
	struct opp_of_parser p = {};
	struct opp_table *table;
	int ret;

	if (IS_ERR_OR_NULL(dev))
		return -EINVAL;

	/*
	 * A single table serves every index: power domain providers whose
	 * domains share one table list it once (Qualcomm's rpmhpd), and
	 * of_genpd_add_provider_onecell() loads entry i for domain i.
	 */
	if (index && of_count_phandle_with_args(dev->of_node,
						"operating-points-v2", NULL) == 1)
		index = 0;
	opp_of_check_table_phandle(dev, index);

	table = opp_table_get_or_create(dev, index);
	if (IS_ERR(table))
		return PTR_ERR(table);

	ret = opp_table_get_clock(table, dev);
	if (!ret)
		ret = opp_of_parser_init(&p, dev, table);
	if (!ret)
		ret = opp_table_populate_static(table, opp_of_populate, &p);
	opp_of_parser_release(&p);

	if (ret) {
		dev_pm_opp_put_opp_table(table);
		return ret;
	}

	opp_of_link_pending();
	return 0;
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
 * Return: 0, -ENODEV for an empty mask (which WARNs, a caller's bug) or a
 * CPU without device, or the error of dev_pm_opp_of_add_table().
 */
int dev_pm_opp_of_cpumask_add_table(const struct cpumask *cpumask)
{
	struct device *dev;
	int cpu, ret;

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
	return opp_table_find_icc_paths(dev, opp_table);
}
EXPORT_SYMBOL_GPL(dev_pm_opp_of_find_icc_paths);
