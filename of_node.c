// SPDX-License-Identifier: GPL-2.0-only
/*
 * Device tree OPP tables: one OPP node read into a new, unpublished OPP,
 * with the lints that name the node when the device tree is at fault. Which
 * table the OPP joins, and when, is of.c's.
 */

#include "of.h"

/* An OPP being read, freed unless it is returned. */
DEFINE_FREE(opp_free, struct dev_pm_opp *,
	    { if (_T) opp_free(_T); })

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
	[OPP_OF_MICROVOLT] = "opp-microvolt",
	[OPP_OF_MICROAMP] = "opp-microamp",
	[OPP_OF_MICROWATT] = "opp-microwatt",
};

/**
 * struct opp_of_node - one OPP node being read, and the properties of it
 *	that the parser reads
 * @p: the table load the node belongs to
 * @np: the node
 * @opp: the OPP read from it
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
 * Each property is NULL when the node does not have it. Found in one walk
 * over the node's properties: a table of N nodes costs N walks, not a dozen
 * lookups by name for each node, which each take the device tree's lock.
 */
struct opp_of_node {
	struct opp_of_parser *p;
	struct device_node *np;
	struct dev_pm_opp *opp;
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
	{ "opp-hz", offsetof(struct opp_of_node, hz) },
	{ "opp-peak-kBps", offsetof(struct opp_of_node, peak_bw) },
	{ "opp-avg-kBps", offsetof(struct opp_of_node, avg_bw) },
	{ "opp-level", offsetof(struct opp_of_node, level) },
	{ "opp-supported-hw", offsetof(struct opp_of_node, supported_hw) },
	{ "opp-suspend", offsetof(struct opp_of_node, suspend) },
	{ "turbo-mode", offsetof(struct opp_of_node, turbo) },
	{ "required-opps", offsetof(struct opp_of_node, required) },
	{ "clock-latency-ns", offsetof(struct opp_of_node, latency) },
};

/* Files "opp-<what>" and "opp-<what>-<prop_name>" in their slots. */
static void opp_of_match_supply(struct opp_of_node *n, struct property *prop)
{
	const char *rest;
	unsigned int i;
	size_t len;

	/* No supply name begins another: the first that matches is it. */
	for (i = 0; i < OPP_OF_NR_SUPPLY_PROPS; i++) {
		len = str_has_prefix(prop->name, opp_of_supply_names[i]);
		if (!len)
			continue;
		rest = prop->name + len;
		if (!*rest && !n->supply[i][0])
			n->supply[i][0] = prop;
		else if (*rest == '-' && n->p->prop_name &&
			 !strcmp(rest + 1, n->p->prop_name) && !n->supply[i][1])
			n->supply[i][1] = prop;
		return;
	}
}

/*
 * The walk takes no lock, as of_find_property() holds it only for its own
 * walk and its callers use the property after: a property is added or
 * removed under the device tree's locks, and a removed one is kept on the
 * node's deadprops, never freed while the node lives. Of two properties of
 * one name (a node built by a changeset may have them), the first is the
 * one, as for of_find_property(). The properties of @n start out NULL.
 */
static void opp_of_gather(struct opp_of_node *n)
{
	struct property *prop, **slot;
	unsigned int i;

	for_each_property_of_node(n->np, prop) {
		for (i = 0; i < ARRAY_SIZE(opp_of_prop_slots); i++) {
			if (strcmp(prop->name, opp_of_prop_slots[i].name))
				continue;
			slot = (void *)n + opp_of_prop_slots[i].offset;
			if (!*slot)
				*slot = prop;
			break;
		}
		if (i == ARRAY_SIZE(opp_of_prop_slots))
			opp_of_match_supply(n, prop);
	}
}

/* "opp-<what>-<prop_name>" when the node has it, else "opp-<what>". */
static struct property *opp_of_supply_prop(const struct opp_of_node *n,
					   enum opp_of_supply_prop what)
{
	return n->supply[what][1] ?: n->supply[what][0];
}

/* A property of one cell: its first cell, or false when it has none. */
static bool opp_of_read_one(const struct opp_of_node *n,
			    const struct property *prop, u32 *val)
{
	if (!prop)
		return false;
	if (prop->length != sizeof(u32))
		dev_warn(n->p->dev, "%pOF: %s is %d bytes, not one cell; %s\n",
			 n->np, prop->name, prop->length,
			 prop->length < sizeof(u32) ? "ignoring it" :
			 "using its first cell");
	if (prop->length < sizeof(u32))
		return false;

	*val = opp_of_cell(prop, 0);
	return true;
}

/*
 * "opp-hz": one 64-bit rate per clock of the table. Every rate loads:
 * multi-clock tables (UFS) give 0 for the clocks they do not scale, and a
 * table whose device has no clock (firmware owns it) uses its rates only as
 * keys. Warns about a rate a single clock cannot be set to.
 */
static int opp_of_read_rates(const struct opp_of_node *n)
{
	const struct property *prop = n->hz;
	struct dev_pm_opp *opp = n->opp;
	unsigned int i;

	if (!prop)
		return -ENODEV;

	if (prop->length / sizeof(u64) != opp->nr_clks) {
		dev_err(n->p->dev, "%pOF: opp-hz is %d bytes, the table has %u clock(s) of 64 bits\n",
			n->np, prop->length, opp->nr_clks);
		return -EINVAL;
	}
	if (prop->length % sizeof(u64))
		dev_warn(n->p->dev, "%pOF: opp-hz is %d bytes; reading %u 64-bit rate(s)\n",
			 n->np, prop->length, opp->nr_clks);

	for (i = 0; i < opp->nr_clks; i++) {
		u64 rate = of_read_number((const __be32 *)prop->value + 2 * i, 2);

		opp_rates(opp)[i] = rate;
		if ((unsigned long)rate != rate)
			dev_warn(n->p->dev, "%pOF: opp-hz %llu does not fit an unsigned long; using %lu\n",
				 n->np, rate, (unsigned long)rate);
		else if (rate > LONG_MAX)
			dev_warn(n->p->dev, "%pOF: opp-hz %llu is beyond what a clock can be set to\n",
				 n->np, rate);
		else if (!rate && opp->nr_clks == 1)
			dev_warn(n->p->dev, "%pOF: opp-hz is 0\n", n->np);
	}

	return 0;
}

/* "opp-peak-kBps" or "opp-avg-kBps": one value per interconnect path. */
static int opp_of_read_bw(const struct opp_of_node *n, bool peak)
{
	const struct property *prop = peak ? n->peak_bw : n->avg_bw;
	struct opp_icc_bw *bw = opp_bw(n->opp);
	unsigned int nr = n->opp->nr_paths, i;

	if (!prop)
		return -ENODEV;

	if (prop->length / sizeof(u32) != nr) {
		dev_err(n->p->dev, "%pOF: %s is %d bytes, the device has %u interconnect path(s)\n",
			n->np, prop->name, prop->length, nr);
		return -EINVAL;
	}
	if (prop->length % sizeof(u32))
		dev_warn(n->p->dev, "%pOF: %s is %d bytes; reading %u value(s)\n",
			 n->np, prop->name, prop->length, nr);

	/* The interconnect framework counts in kBps too. */
	for (i = 0; i < nr; i++) {
		u32 *value = peak ? &bw[i].peak : &bw[i].avg;

		*value = opp_of_cell(prop, i);
	}

	return 0;
}

/*
 * Rate, bandwidth and level: at least one of them names the OPP. A malformed
 * rate or bandwidth fails the table: the OPP's place in it and the point it
 * stands for cannot be known. An OPP without any key fails it with -ENODEV,
 * the error drivers such as sdhci-msm and panfrost take for "no table" and
 * probe on without DVFS. "opp-level" counts when it has a cell.
 */
static int opp_of_read_keys(const struct opp_of_node *n)
{
	int ret = opp_of_read_rates(n);
	bool found = !ret;

	if (ret && ret != -ENODEV)
		return ret;

	ret = opp_of_read_bw(n, true);
	found |= !ret;
	if (!ret)
		ret = opp_of_read_bw(n, false);
	if (ret && ret != -ENODEV)
		return ret;

	if (opp_of_read_one(n, n->level, &n->opp->level)) {
		found = true;
		if (OPP_LEVEL_UNSET && n->opp->level == OPP_LEVEL_UNSET)
			dev_warn(n->p->dev, "%pOF: opp-level %#x is the value of no level\n",
				 n->np, n->opp->level);
	}
	if (found)
		return 0;

	dev_err(n->p->dev, "%pOF: OPP has none of opp-hz, opp-peak-kBps and opp-level\n",
		n->np);
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
static bool opp_of_is_supported(const struct opp_of_node *n)
{
	const struct property *prop = n->supported_hw;
	const struct opp_of_parser *p = n->p;
	unsigned int words = p->supported_hw_count, count, v, i;
	bool match = false;

	if (!words)
		return !prop;

	count = prop ? prop->length / sizeof(u32) : 0;
	if (!prop || !count || prop->length % sizeof(u32) || count % words) {
		dev_err(p->dev, "%pOF: opp-supported-hw is %d bytes, not versions of %u cell(s); skipping the OPP\n",
			n->np, prop ? prop->length : 0, words);
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
 * Entry @i of the @count of "required-opps". One of a required table that is
 * not loaded is linked once it is. One of a loaded table must be an OPP of
 * it (-ENODEV otherwise), since a transition to the OPP could never cast the
 * vote the device needs. A device in a single power domain takes the domain
 * OPP's level as its own, unless a required device votes it: the device
 * votes that level to its domain in a transition (without it, a driver such
 * as sdhci-msm would raise its clock with no vote on the rail), and lookups
 * by level, sorting, repeats and debugfs see the level it runs at.
 */
static int opp_of_link_required(const struct opp_of_node *n, unsigned int i,
				unsigned int count)
{
	const struct opp_of_parser *p = n->p;
	struct device_node *req = of_parse_phandle(n->np, "required-opps", i);
	struct opp_required_state found;

	opp_required_nps(n->opp)[i] = req;
	if (!p->req[i].loaded) {
		if (i < count && !req)
			dev_warn(p->dev, "%pOF: required-opps entry %u names no node; the OPP cannot be used once %pOF is loaded\n",
				 n->np, i, p->req[i].table);
		else if (i < count && !opp_of_is_opp_node(req))
			dev_warn(p->dev, "%pOF: required-opps entry %u, %pOF, is not an OPP node\n",
				 n->np, i, req);
		return 0;
	}

	struct device_node *parent __free(device_node) = of_get_parent(req);

	if (!req || parent != p->req[i].table ||
	    !opp_required_resolve(req, &found)) {
		dev_err(p->dev, "%pOF: required-opps entry %u is not an OPP of %pOF, which is loaded\n",
			n->np, i, p->req[i].table);
		return -ENODEV;
	}

	if (OPP_DOMAIN_LEVELS && p->shape.nr_required == 1 && found.genpd &&
	    !p->table->is_genpd && !p->required_dev) {
		if (n->opp->level == OPP_LEVEL_UNSET)
			n->opp->level = found.level;
		else
			dev_warn(p->dev, "%pOF: has opp-level and inherits the level of %pOF; keeping opp-level\n",
				 n->np, req);
	}

	return 0;
}

/*
 * "required-opps": as many entries as the table's first OPP has, one per
 * required device the transitions vote through. A missing entry is kept as
 * NULL, which makes the OPP unavailable once that table is loaded while the
 * rest of the table stays usable, and an extra one is ignored, having no
 * device to be voted through; both are warned about.
 */
static int opp_of_read_required(const struct opp_of_node *n)
{
	const struct opp_of_parser *p = n->p;
	struct dev_pm_opp *opp = n->opp;
	/* Phandles without arguments, as opp_of_node_required_entries() counts. */
	unsigned int count = n->required ?
			     n->required->length / sizeof(__be32) : 0, i;
	int ret;

	if (!opp->nr_required) {
		if (count && !p->required_dropped)
			dev_warn(p->dev, "%pOF: the table's first OPP has no required-opps; ignoring these\n",
				 n->np);
		return 0;
	}

	if (count != opp->nr_required)
		dev_warn(p->dev, "%pOF: required-opps has %u entries, the table's first OPP %u; %s\n",
			 n->np, count, opp->nr_required,
			 count < opp->nr_required ? "the OPP lacks the others" :
			 "ignoring the others");

	for (i = 0; i < opp->nr_required; i++) {
		ret = opp_of_link_required(n, i, count);
		if (ret)
			return ret;
	}

	/* Until the domain's table is loaded, its level is looked up on use. */
	opp->inherits_level = OPP_DOMAIN_LEVELS && opp->nr_required == 1 &&
			      !p->req[0].loaded &&
			      !p->table->is_genpd &&
			      opp->level == OPP_LEVEL_UNSET;
	return 0;
}

/*
 * Supply @i of "opp-microvolt", which gives @per cells (one, or <target min
 * max>) per supply. Lint: a window with min above max admits no voltage,
 * and a target outside its window is a typo. Both load, with a warning: real
 * tables (the binding's first tutorial among them) write <min target max>,
 * and the boards that ship them run at those OPPs.
 */
static void opp_of_read_window(const struct opp_of_node *n,
			       const struct property *prop, unsigned int i,
			       unsigned int per)
{
	struct dev_pm_opp_supply *supply = &opp_supplies(n->opp)[i];

	supply->u_volt = opp_of_cell(prop, i * per);
	supply->u_volt_min = opp_of_cell(prop, i * per + per / 2);
	supply->u_volt_max = opp_of_cell(prop, i * per + per - 1);
	if (supply->u_volt_min > supply->u_volt_max)
		dev_warn(n->p->dev, "%pOF: supply %u window [%lu, %lu] uV is empty\n",
			 n->np, i, supply->u_volt_min, supply->u_volt_max);
	else if (supply->u_volt < supply->u_volt_min ||
		 supply->u_volt > supply->u_volt_max)
		dev_warn(n->p->dev, "%pOF: supply %u target %lu uV is outside [%lu, %lu] uV; the order is <target min max>\n",
			 n->np, i, supply->u_volt, supply->u_volt_min,
			 supply->u_volt_max);
}

/*
 * One supply property, -EINVAL when it is not whole cells or not one value
 * per supply. "opp-microvolt[-<name>]" may also give a <target min max> per
 * supply, and a table driving regulators needs it on its first OPP: a table
 * that gives the named regulators no voltage at all was not written for
 * them. A later OPP without it gets 0 V, which the check against the
 * regulators' ranges usually disables, so that OPP is lost, not the table.
 * On 6.1 (OPP_MICROVOLT_RULES) every OPP needs it when the table has
 * supplies; 1 ends the reading of an OPP of a table without them.
 */
static int opp_of_read_supply(const struct opp_of_node *n,
			      enum opp_of_supply_prop what)
{
	const struct opp_of_parser *p = n->p;
	const struct property *prop = opp_of_supply_prop(n, what);
	unsigned int nr = p->shape.nr_supplies, i, per;
	bool volt = what == OPP_OF_MICROVOLT;
	int count;

	if (!prop) {
		if (!volt || (OPP_MICROVOLT_RULES ? !nr :
			      !p->supplies_configured || p->had_opps || p->nr))
			return volt && OPP_MICROVOLT_RULES;
		dev_err(p->dev, "%pOF: has no opp-microvolt, and the OPP table drives %u regulator(s)\n",
			n->np, nr);
		return -EINVAL;
	}
	if (prop->length % sizeof(u32)) {
		dev_err(p->dev, "%pOF: %s is %d bytes, not whole cells\n",
			n->np, prop->name, prop->length);
		return -EINVAL;
	}

	count = prop->length / sizeof(u32);
	per = volt && count != nr ? 3 : 1;
	if (count != per * nr) {
		dev_err(p->dev, "%pOF: %s has %d values for %u supplies%s\n",
			n->np, prop->name, count, nr,
			volt ? "; expected one or three per supply" : "");
		return -EINVAL;
	}

	for (i = 0; i < nr; i++) {
		if (what == OPP_OF_MICROAMP)
			opp_supplies(n->opp)[i].u_amp = opp_of_cell(prop, i);
		else if (what == OPP_OF_MICROWATT)
			opp_supplies(n->opp)[i].u_watt = opp_of_cell(prop, i);
		else
			opp_of_read_window(n, prop, i, per);
	}

	return 0;
}

/**
 * opp_of_read_opp() - read one OPP node into a new, unpublished OPP
 * @p: the table load the node belongs to
 * @np: the node
 *
 * In this order: the keys, whether the node is for this hardware, the
 * required OPPs, the clock latency, the supplies. The order decides which
 * fault of a node counts: a malformed key fails the table even in a node
 * for other hardware, malformed supplies there do not. Another order would
 * fail tables that boards ship and load, or load ones that fail.
 *
 * Without configured regulators, the first OPP whose supplies are read fixes
 * their number: one when it has a supply property, so that drivers that set
 * the voltage themselves (imx6q-cpufreq, mediatek-cpufreq) and the energy
 * model read the OPPs' voltages; none otherwise, so that debugfs shows no
 * supply-0 of zeros. The storage of an OPP holds one supply either way.
 * Then "opp-microvolt", "opp-microamp" and "opp-microwatt", in this order.
 *
 * Context: Process context; may sleep.
 * Return: the OPP, NULL for a node that is skipped (warned about), or an
 * error pointer when the node fails the table.
 */
struct dev_pm_opp *opp_of_read_opp(struct opp_of_parser *p,
				   struct device_node *np)
{
	struct dev_pm_opp *opp __free(opp_free) = opp_alloc(&p->shape);
	struct opp_of_node n = { .p = p, .np = np, .opp = opp };
	enum opp_of_supply_prop what;
	int ret;

	if (!opp)
		return ERR_PTR(-ENOMEM);

	opp->np = of_node_get(np);
	opp_of_gather(&n);
	ret = opp_of_read_keys(&n);
	if (ret)
		return ERR_PTR(ret);

	if (!opp_of_is_supported(&n)) {
		dev_dbg(p->dev, "%pOF: not for this hardware\n", np);
		return NULL;
	}

	opp->available = true;
	opp->turbo = !!n.turbo;
	opp->suspend = !!n.suspend;
	ret = opp_of_read_required(&n);
	if (ret)
		return ERR_PTR(ret);

	/* "clock-latency-ns": one cell, or its first. */
	opp_of_read_one(&n, n.latency, &opp->clock_latency_ns);
	/* Supplies: their number first, when it is not known yet. */
	if (!p->supplies_known) {
		p->shape.nr_supplies = opp_of_supply_prop(&n, OPP_OF_MICROVOLT) ||
				       (!OPP_MICROVOLT_RULES &&
					(opp_of_supply_prop(&n, OPP_OF_MICROAMP) ||
					 opp_of_supply_prop(&n, OPP_OF_MICROWATT)));
		p->supplies_known = true;
	}
	opp->nr_supplies = p->shape.nr_supplies;
	for (what = 0; what < OPP_OF_NR_SUPPLY_PROPS && !ret; what++)
		ret = opp_of_read_supply(&n, what);
	return ret < 0 ? ERR_PTR(ret) : no_free_ptr(opp);
}
