// SPDX-License-Identifier: GPL-2.0-only
/*
 * Device tree OPP tables: one OPP node read into a new, unpublished OPP,
 * with the lints that name the node when the device tree is at fault. Which
 * table the OPP joins, and when, is of.c's.
 */

#include "of.h"

#include <linux/math64.h>

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

/**
 * opp_of_read_opp() - read one OPP node into a new, unpublished OPP
 * @p: the table load the node belongs to
 * @np: the node
 *
 * In this order: the keys, whether the node is for this hardware, the
 * required OPPs, the supplies. The order decides which fault of a node
 * counts: a malformed key fails the table even in a node for other
 * hardware, malformed supplies there do not. Another order would fail
 * tables that boards ship and load, or load ones that fail.
 *
 * Context: Process context; may sleep.
 * Return: the OPP, NULL for a node that is skipped (warned about), or an
 * error pointer when the node fails the table.
 */
struct dev_pm_opp *opp_of_read_opp(struct opp_of_parser *p,
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
