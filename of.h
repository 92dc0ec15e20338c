/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The state of one device tree table load, shared by the two rooms that
 * read device tree tables: of_node.c reads one OPP node, of.c loads a
 * whole table from its nodes and publishes it.
 */
#ifndef __DRIVERS_OPP_OF_H
#define __DRIVERS_OPP_OF_H

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
	bool supplies_configured;
	bool supplies_known;
	bool had_opps;
	bool required_dev;
	bool required_dropped;
	bool lazy;
	bool unordered;
};

/* Cell @i of @prop, which the caller counted. */
static inline u32 opp_of_cell(const struct property *prop, unsigned int i)
{
	return be32_to_cpup((const __be32 *)prop->value + i);
}

/* Reading one OPP node (of_node.c) */
struct dev_pm_opp *opp_of_read_opp(struct opp_of_parser *p,
				   struct device_node *np);

#endif /* __DRIVERS_OPP_OF_H */
