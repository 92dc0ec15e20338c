// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit suite opp_fuzz: device tree tables mutated at random, loaded, used
 * and removed, with the core's invariants checked after each step.
 *
 * Each case parameter is one mutation: a seed table (one of fz_seeds[], the
 * shapes boards use) is built in memory, changed by one to three seeded
 * mutations, and attached under /opp-fuzz with an of_changeset (nodes made at
 * run time, so one kernel runs any number of mutations). Its devices, one of
 * them with a fake clock and regulators, load it, every lookup and getter is
 * asked, rates are set, the tables are removed and the changeset reverted.
 * After each step: no splat (verdict.sh judges the log), each OPP held by its
 * table alone, the count and the snapshot agreeing with the lookups, a failed
 * load leaving nothing and saying why, and every node's reference count back
 * where it was once the tables are gone.
 *
 * opp_kunit.fuzz_n    number of mutations (default 24: every seed as is,
 *                     then one mutation of each; make fuzz N=... runs more)
 * opp_kunit.fuzz_seed the seed the mutations derive from (default 1)
 * opp_kunit.fuzz_only run mutation number fuzz_only alone (default -1: all)
 * opp_kunit.fuzz_dump print every table as DT source, not only failed ones
 *
 * A mutation is a function of (fuzz_seed, its number) alone, so a failure
 * reported as "opp_fuzz ... #I seed S" is rerun with fuzz_seed=S fuzz_only=I;
 * the table is printed as DT source for a regression case.
 */

#include <kunit/test.h>
#include <linux/clk.h>
#include <linux/ctype.h>
#include <linux/device.h>
#include <linux/moduleparam.h>
#include <linux/of.h>
#include <linux/pm_opp.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "../opp.h"
#include "opp_kunit_dvfs.h"
#include "opp_kunit_helpers.h"

static unsigned int fuzz_n = 24;
module_param(fuzz_n, uint, 0444);
MODULE_PARM_DESC(fuzz_n, "number of mutated tables opp_fuzz runs");
static unsigned long fuzz_seed = 1;
module_param(fuzz_seed, ulong, 0444);
MODULE_PARM_DESC(fuzz_seed, "seed of opp_fuzz's mutations");
static int fuzz_only = -1;
module_param(fuzz_only, int, 0444);
MODULE_PARM_DESC(fuzz_only, "run this mutation of opp_fuzz alone");
static bool fuzz_dump;
module_param(fuzz_dump, bool, 0444);
MODULE_PARM_DESC(fuzz_dump, "print every mutated table as DT source");

#define FZ_NODES	14
#define FZ_PROPS	8
#define FZ_LEN		48
#define FZ_NAME		24
#define FZ_DEVS		3
#define FZ_PHANDLE	0x7f0f0000	/* far above any phandle dtc gives */
#define FZ_DANGLING	(FZ_PHANDLE + 0xfff)	/* no node has it */
#define FZ_MAX_OPS	3
#define FZ_LOG		160

/**
 * struct fz_prop - a property as bytes, the way the device tree holds it
 * @name: its name
 * @len: its length in bytes
 * @val: its value
 */
struct fz_prop {
	char name[FZ_NAME];
	u8 len;
	u8 val[FZ_LEN];
};

/**
 * struct fz_node - a node to create
 * @name: its name
 * @parent: index of its parent, or -1 for /opp-fuzz
 * @phandle: its phandle, or 0
 * @nr_props: entries in @props
 * @props: its properties
 */
struct fz_node {
	char name[FZ_NAME];
	s8 parent;
	u32 phandle;
	u8 nr_props;
	struct fz_prop props[FZ_PROPS];
};

/**
 * struct fz_tree - the nodes of one mutation; nodes 0 to 2 are the devices
 * @nr: nodes in use
 * @n: the nodes, parents before their children
 */
struct fz_tree {
	unsigned int nr;
	struct fz_node n[FZ_NODES];
};

/**
 * struct fz_seed - a table shape boards use, and how its devices are set up
 * @name: for the case name
 * @build: writes the nodes
 * @nr_devs: devices with a node (node i is device i)
 * @nr_regs: regulators of device 0 ("vdd", "vdd2"), set with set_config
 * @clk: device 0 has a fake clock
 * @hw: opp-supported-hw versions of device 0, or none when @hw[0] is 0
 * @prop_name: the prop_name of device 0, or NULL
 * @count: OPPs device 0 has when the table is not mutated
 * @providers_first: load the last device first (it provides the required
 *	OPPs of the one before); otherwise device 0 first, whose clock a
 *	shared table then uses
 */
struct fz_seed {
	const char *name;
	void (*build)(struct fz_tree *t);
	unsigned int nr_devs;
	unsigned int nr_regs;
	bool clk;
	u32 hw[2];
	const char *prop_name;
	int count;
	bool providers_first;
};

/* Builders: a node, and properties of cells, 64-bit cells or strings. */

static int fz_node(struct fz_tree *t, int parent, const char *name,
		   bool phandle)
{
	struct fz_node *n = &t->n[t->nr];

	strscpy(n->name, name);
	n->parent = parent;
	n->phandle = phandle ? FZ_PHANDLE + t->nr : 0;
	n->nr_props = 0;
	return t->nr++;
}

static struct fz_prop *fz_prop(struct fz_tree *t, int node, const char *name)
{
	struct fz_node *n = &t->n[node];
	struct fz_prop *p = &n->props[n->nr_props++];

	strscpy(p->name, name);
	p->len = 0;
	return p;
}

static void fz_put32(struct fz_prop *p, u32 v)
{
	__be32 be = cpu_to_be32(v);

	if (p->len + 4 <= FZ_LEN) {
		memcpy(p->val + p->len, &be, 4);
		p->len += 4;
	}
}

static void fz_u32s(struct fz_tree *t, int node, const char *name,
		    const u32 *v, unsigned int nr)
{
	struct fz_prop *p = fz_prop(t, node, name);

	while (nr--)
		fz_put32(p, *v++);
}

#define fz_cells(t, node, name, ...)					\
	fz_u32s(t, node, name, (const u32[]){ __VA_ARGS__ },		\
		sizeof((const u32[]){ __VA_ARGS__ }) / sizeof(u32))

static void fz_u64(struct fz_tree *t, int node, const char *name, u64 v)
{
	fz_cells(t, node, name, upper_32_bits(v), lower_32_bits(v));
}

static void fz_str(struct fz_tree *t, int node, const char *name,
		   const char *s)
{
	struct fz_prop *p = fz_prop(t, node, name);

	p->len = min_t(size_t, strlen(s) + 1, FZ_LEN);
	memcpy(p->val, s, p->len);
	p->val[p->len - 1] = '\0';
}

static void fz_bool(struct fz_tree *t, int node, const char *name)
{
	fz_prop(t, node, name);
}

static u32 fz_ph(struct fz_tree *t, int node)
{
	return t->n[node].phandle;
}

/* A v2 table node for @dev; returns its index. */
static int fz_table(struct fz_tree *t, int dev, const char *name, bool shared)
{
	int table = fz_node(t, -1, name, true);

	fz_str(t, table, "compatible", "operating-points-v2");
	if (shared)
		fz_bool(t, table, "opp-shared");
	fz_cells(t, dev, "operating-points-v2", fz_ph(t, table));
	return table;
}

static int fz_opp(struct fz_tree *t, int table, unsigned int i)
{
	char name[FZ_NAME];

	snprintf(name, sizeof(name), "opp-%u", i);
	return fz_node(t, table, name, true);
}

static void fz_devs(struct fz_tree *t, unsigned int nr)
{
	static const char * const names[FZ_DEVS] = { "dev0", "dev1", "dev2" };
	unsigned int i;

	for (i = 0; i < nr; i++)
		fz_node(t, -1, names[i], true);
}

/* The seeds. Rates in MHz steps, voltages inside the fake regulator range. */

static void fz_build_v2(struct fz_tree *t)
{
	int table, opp;
	unsigned int i;

	fz_devs(t, 1);
	table = fz_table(t, 0, "table", false);
	for (i = 0; i < 3; i++) {
		opp = fz_opp(t, table, i);
		fz_u64(t, opp, "opp-hz", (i + 1) * 200000000ULL);
		fz_cells(t, opp, "opp-microvolt", 800000 + i * 50000);
		fz_cells(t, opp, "clock-latency-ns", 100000);
	}
}

/* The binding's CPU example: triplets, current, suspend and turbo. */
static void fz_build_triplets(struct fz_tree *t)
{
	int table, opp;
	unsigned int i;

	fz_devs(t, 1);
	table = fz_table(t, 0, "table", false);
	for (i = 0; i < 3; i++) {
		opp = fz_opp(t, table, i);
		fz_u64(t, opp, "opp-hz", 1000000000ULL + i * 100000000ULL);
		fz_cells(t, opp, "opp-microvolt", 1000000 + i * 50000,
			 990000 + i * 50000, 1050000 + i * 50000);
		fz_cells(t, opp, "opp-microamp", 70000 + i * 10000);
		fz_cells(t, opp, "clock-latency-ns", 300000);
		if (i == 0)
			fz_bool(t, opp, "opp-suspend");
		if (i == 2)
			fz_bool(t, opp, "turbo-mode");
	}
}

static void fz_build_multi_supply(struct fz_tree *t)
{
	int table, opp;
	unsigned int i;

	fz_devs(t, 1);
	table = fz_table(t, 0, "table", false);
	for (i = 0; i < 3; i++) {
		opp = fz_opp(t, table, i);
		fz_u64(t, opp, "opp-hz", (i + 1) * 100000000ULL);
		fz_cells(t, opp, "opp-microvolt",
			 850000 + i * 100000, 800000 + i * 100000,
			 900000 + i * 100000,
			 700000 + i * 100000, 650000 + i * 100000,
			 750000 + i * 100000);
		fz_cells(t, opp, "opp-microamp", 10000, 5000);
	}
}

static void fz_build_supported_hw(struct fz_tree *t)
{
	static const u32 hw[3][2] = { { 0x1, 0x3 }, { 0x2, 0x3 }, { 0x3, 0x1 } };
	int table, opp;
	unsigned int i;

	fz_devs(t, 1);
	table = fz_table(t, 0, "table", false);
	for (i = 0; i < 3; i++) {
		opp = fz_opp(t, table, i);
		fz_u64(t, opp, "opp-hz", (i + 2) * 200000000ULL);
		fz_cells(t, opp, "opp-microvolt", 900000);
		fz_u32s(t, opp, "opp-supported-hw", hw[i], 2);
	}
}

static void fz_build_prop_name(struct fz_tree *t)
{
	int table, opp;
	unsigned int i;

	fz_devs(t, 1);
	table = fz_table(t, 0, "table", false);
	for (i = 0; i < 2; i++) {
		opp = fz_opp(t, table, i);
		fz_u64(t, opp, "opp-hz", (i + 1) * 500000000ULL);
		fz_cells(t, opp, "opp-microvolt", 900000 + i * 100000);
		fz_cells(t, opp, "opp-microvolt-fast", 950000 + i * 100000);
		fz_cells(t, opp, "opp-microamp-fast", 12000);
	}
}

/* A chain: dev0's OPPs require dev1's levels, which require dev2's. */
static void fz_build_required(struct fz_tree *t)
{
	int cons, dom, par, opp, dopp[2], popp[2];
	unsigned int i;

	fz_devs(t, 3);
	par = fz_table(t, 2, "parent-table", false);
	for (i = 0; i < 2; i++) {
		popp[i] = fz_opp(t, par, i);
		fz_cells(t, popp[i], "opp-level", 100 * (i + 1));
	}
	dom = fz_table(t, 1, "domain-table", false);
	for (i = 0; i < 2; i++) {
		dopp[i] = fz_opp(t, dom, i);
		fz_cells(t, dopp[i], "opp-level", 16 + 32 * i);
		fz_cells(t, dopp[i], "required-opps", fz_ph(t, popp[i]));
	}
	cons = fz_table(t, 0, "table", false);
	for (i = 0; i < 2; i++) {
		opp = fz_opp(t, cons, i);
		fz_u64(t, opp, "opp-hz", (i + 1) * 200000000ULL);
		fz_cells(t, opp, "opp-microvolt", 900000);
		fz_cells(t, opp, "required-opps", fz_ph(t, dopp[i]));
	}
}

static void fz_build_levels(struct fz_tree *t)
{
	int table, opp;
	unsigned int i;

	fz_devs(t, 1);
	table = fz_table(t, 0, "table", false);
	for (i = 0; i < 4; i++) {
		opp = fz_opp(t, table, i);
		fz_cells(t, opp, "opp-level", 1 << i);
	}
}

static void fz_build_bandwidth(struct fz_tree *t)
{
	int table, opp;
	unsigned int i;

	fz_devs(t, 1);
	table = fz_table(t, 0, "table", false);
	for (i = 0; i < 3; i++) {
		opp = fz_opp(t, table, i);
		fz_cells(t, opp, "opp-peak-kBps", 1000 * (i + 1), 4000 * (i + 1));
		fz_cells(t, opp, "opp-avg-kBps", 500 * (i + 1), 700 * (i + 1));
	}
}

static void fz_build_shared(struct fz_tree *t)
{
	int table, opp;
	unsigned int i;

	fz_devs(t, 2);
	table = fz_table(t, 0, "table", true);
	fz_cells(t, 1, "operating-points-v2", fz_ph(t, table));
	for (i = 0; i < 3; i++) {
		opp = fz_opp(t, table, i);
		fz_u64(t, opp, "opp-hz", (i + 1) * 300000000ULL);
		fz_cells(t, opp, "opp-microvolt", 800000 + i * 100000);
	}
}

static void fz_build_multi_clock(struct fz_tree *t)
{
	int table, opp;
	unsigned int i;

	fz_devs(t, 1);
	table = fz_table(t, 0, "table", false);
	for (i = 0; i < 3; i++) {
		opp = fz_opp(t, table, i);
		fz_cells(t, opp, "opp-hz", 0, (i + 1) * 100000000,
			 0, (i + 1) * 50000000);
		fz_cells(t, opp, "opp-level", i + 1);
	}
}

static void fz_build_v1(struct fz_tree *t)
{
	fz_devs(t, 1);
	fz_cells(t, 0, "operating-points", 300000, 950000, 600000, 1050000,
		 900000, 1100000);
	fz_cells(t, 0, "voltage-tolerance", 2);
	fz_cells(t, 0, "clock-latency", 150000);
}

/* Our own kunit tables' mix: power, levels with rates, a disabled OPP. */
static void fz_build_ours(struct fz_tree *t)
{
	int table, opp;
	unsigned int i;

	fz_devs(t, 1);
	table = fz_table(t, 0, "table", false);
	for (i = 0; i < 4; i++) {
		opp = fz_opp(t, table, i);
		fz_u64(t, opp, "opp-hz", (i + 1) * 250000000ULL);
		fz_cells(t, opp, "opp-microvolt", 800000 + i * 50000);
		fz_cells(t, opp, "opp-microwatt", 100000 * (i + 1));
		fz_cells(t, opp, "opp-level", i);
		if (i == 3)
			fz_str(t, opp, "status", "disabled");
	}
}

static const struct fz_seed fz_seeds[] = {
	{ "v2", fz_build_v2, 1, 1, true, {}, NULL, 3 },
	{ "triplets", fz_build_triplets, 1, 1, true, {}, NULL, 3 },
	{ "multi-supply", fz_build_multi_supply, 1, 2, true, {}, NULL, 3 },
	{ "supported-hw", fz_build_supported_hw, 1, 1, true, { 0x2, 0x1 },
	  NULL, 2 },
	{ "prop-name", fz_build_prop_name, 1, 1, true, {}, "fast", 2 },
	{ "required", fz_build_required, 3, 0, true, {}, NULL, 2, true },
	{ "levels", fz_build_levels, 1, 0, false, {}, NULL, 4 },
	{ "bandwidth", fz_build_bandwidth, 1, 0, false, {}, NULL, -1 },
	{ "shared", fz_build_shared, 2, 1, true, {}, NULL, 3 },
	{ "multi-clock", fz_build_multi_clock, 1, 0, false, {}, NULL, -1 },
	{ "v1", fz_build_v1, 1, 1, true, {}, NULL, 3 },
	{ "ours", fz_build_ours, 1, 1, true, {}, NULL, 3 },
};

#define FZ_NR_SEEDS	ARRAY_SIZE(fz_seeds)

/* Mutations. */

enum fz_op {
	FZ_DROP_PROP, FZ_DUP_NODE, FZ_DROP_NODE, FZ_REORDER, FZ_TRUNCATE,
	FZ_EXTEND, FZ_ODD_SIZE, FZ_ZERO, FZ_MAX, FZ_OVERFLOW, FZ_SWAP_PHANDLES,
	FZ_RETARGET, FZ_CYCLE, FZ_STRING, FZ_ADD_PROP, FZ_NR_OPS,
};

static const char * const fz_op_name[FZ_NR_OPS] = {
	"drop-prop", "dup-node", "drop-node", "reorder", "truncate", "extend",
	"odd-size", "zero", "max", "overflow", "swap-phandles", "retarget",
	"cycle", "string", "add-prop",
};

/* Properties a mutation may add, and whether their cells are phandles. */
static const struct {
	const char *name;
	unsigned int cells;
	bool phandle;
} fz_vocab[] = {
	{ "opp-suspend", 0 }, { "turbo-mode", 0 }, { "opp-shared", 0 },
	{ "opp-level", 1 }, { "clock-latency-ns", 1 }, { "opp-microvolt", 3 },
	{ "opp-microamp", 1 }, { "opp-microwatt", 1 }, { "opp-peak-kBps", 2 },
	{ "opp-avg-kBps", 1 }, { "opp-supported-hw", 2 }, { "opp-hz", 2 },
	{ "required-opps", 2, true }, { "operating-points-v2", 1, true },
	{ "operating-points", 4 }, { "status", 0 },
};

/**
 * struct fz_case - one mutation, kept in test->priv for the exit hook
 * @tree: the nodes
 * @seed: which seed
 * @log: the mutations applied, for the report
 * @top: /opp-fuzz, their parent
 * @np: the nodes created, indexed as @tree
 * @refs: their reference counts before anything used them
 * @cs: the changeset that attached them
 * @applied: @cs is applied
 * @token: device 0's set_config token, or 0
 * @rseed: the random seed the mutation derives from (fuzz_seed, or a
 *	regression's own)
 * @nr: the mutation's number under @rseed
 * @dev: the devices that load the tables
 * @ret: what each one's dev_pm_opp_of_add_table() returned
 */
struct fz_case {
	struct fz_tree tree;
	const struct fz_seed *seed;
	char log[FZ_LOG];
	struct device_node *top;
	struct device_node *np[FZ_NODES];
	unsigned int refs[FZ_NODES];
	struct of_changeset cs;
	bool applied;
	int token;
	unsigned long rseed;
	unsigned long nr;
	struct device *dev[FZ_DEVS];
	int ret[FZ_DEVS];
};

static u32 fz_rand(struct rnd_state *rs, u32 n)
{
	return n ? prandom_u32_state(rs) % n : 0;
}

/* A random property of any node, or NULL when there is none. */
static struct fz_prop *fz_any_prop(struct fz_tree *t, struct rnd_state *rs,
				   int *node)
{
	unsigned int tries;
	int i;

	for (tries = 0; tries < 8; tries++) {
		i = fz_rand(rs, t->nr);
		if (t->n[i].nr_props) {
			*node = i;
			return &t->n[i].props[fz_rand(rs, t->n[i].nr_props)];
		}
	}
	return NULL;
}

static u32 fz_new_phandle(struct fz_tree *t)
{
	u32 max = FZ_PHANDLE + FZ_NODES;
	unsigned int i;

	for (i = 0; i < t->nr; i++)
		max = max_t(u32, max, t->n[i].phandle + 1);
	return max;
}

/* Node @i and its descendants go; indices above shift down. */
static void fz_drop_node(struct fz_tree *t, int i)
{
	int j, k, gone[FZ_NODES];

	for (j = 0; j < t->nr; j++) {
		gone[j] = j == i;
		for (k = j; !gone[j] && t->n[k].parent >= 0;
		     k = t->n[k].parent)
			if (t->n[k].parent == i)
				gone[j] = 1;
	}
	for (j = 0, k = 0; j < t->nr; j++) {
		if (gone[j])
			continue;
		t->n[k] = t->n[j];
		gone[j] = -(k + 1);	/* new index, encoded */
		k++;
	}
	for (j = 0; j < k; j++)
		if (t->n[j].parent >= 0)
			t->n[j].parent = -gone[t->n[j].parent] - 1;
	t->nr = k;
}

static void fz_set_cell(struct fz_prop *p, unsigned int cell, u32 v)
{
	__be32 be = cpu_to_be32(v);

	if ((cell + 1) * 4 <= p->len)
		memcpy(p->val + cell * 4, &be, 4);
}

/* Applies one mutation; appends what it did to @log. */
/* The mutators: each draws from @rs in a fixed order (seeds replay). */
static void fz_op_drop_prop(struct fz_tree *t, struct rnd_state *rs,
			    int *node, char *pname)
{
	struct fz_prop *p = fz_any_prop(t, rs, node);
	struct fz_node *n;
	int i;

	if (!p)
		return;
	n = &t->n[*node];
	strscpy(pname, p->name, FZ_NAME);
	i = p - n->props;
	memmove(p, p + 1, (n->nr_props - i - 1) * sizeof(*p));
	n->nr_props--;
}

static void fz_op_dup_node(struct fz_tree *t, struct rnd_state *rs, int *node)
{
	*node = FZ_DEVS + fz_rand(rs, t->nr > FZ_DEVS ? t->nr - FZ_DEVS : 1);
	if (*node >= t->nr || t->nr >= FZ_NODES)
		return;
	t->n[t->nr] = t->n[*node];
	strlcat(t->n[t->nr].name, "-dup", FZ_NAME);
	/* The same phandle twice is a broken tree, not a test. */
	if (t->n[t->nr].phandle)
		t->n[t->nr].phandle = fz_new_phandle(t);
	t->nr++;
}

static void fz_op_reorder(struct fz_tree *t, struct rnd_state *rs, int *node)
{
	int other;

	*node = fz_rand(rs, t->nr);
	other = fz_rand(rs, t->nr);
	/* Siblings only: a parent stays before its children. */
	if (*node != other && t->n[*node].parent == t->n[other].parent &&
	    t->n[*node].parent >= 0)
		swap(t->n[*node], t->n[other]);
}

static struct fz_prop *fz_op_extend(struct fz_tree *t, struct rnd_state *rs,
				    int *node)
{
	struct fz_prop *p = fz_any_prop(t, rs, node);
	u32 v;

	if (!p)
		return NULL;
	v = 1 + fz_rand(rs, 3);
	while (v--)
		fz_put32(p, fz_rand(rs, 2) ? prandom_u32_state(rs) :
			 p->len >= 4 ? get_unaligned_be32(p->val) : 1);
	return p;
}

/* FZ_ZERO, FZ_MAX, FZ_OVERFLOW: one cell set to an edge value. */
static struct fz_prop *fz_op_edge_cell(struct fz_tree *t, struct rnd_state *rs,
				       int *node, enum fz_op op)
{
	struct fz_prop *p = fz_any_prop(t, rs, node);
	int i;
	u32 v;

	if (!p || p->len < 4)
		return p;
	i = fz_rand(rs, p->len / 4);
	v = op == FZ_ZERO ? 0 : op == FZ_MAX ? U32_MAX :
	    fz_rand(rs, 2) ? 0x80000000 : 0x7fffffff;
	fz_set_cell(p, i, v);
	/* A 64-bit rate whose high half overflows unsigned long. */
	if (op == FZ_OVERFLOW && !strcmp(p->name, "opp-hz"))
		fz_set_cell(p, i & ~1, 1 + fz_rand(rs, U32_MAX));
	return p;
}

/* FZ_RETARGET, FZ_CYCLE: a phandle cell pointed elsewhere. */
static struct fz_prop *fz_op_phandle(struct fz_tree *t, struct rnd_state *rs,
				     int *node, enum fz_op op)
{
	struct fz_prop *p = NULL;
	int i, other;
	u32 v;

	for (i = 0; i < 8 && !p; i++) {
		p = fz_any_prop(t, rs, node);
		if (p && strcmp(p->name, "required-opps") &&
		    strcmp(p->name, "operating-points-v2"))
			p = NULL;
	}
	if (!p || p->len < 4)
		return p;
	other = fz_rand(rs, t->nr);
	if (op == FZ_CYCLE) {
		/* Back to the node itself, its table, or its device. */
		other = fz_rand(rs, 2) ? *node :
			max_t(int, t->n[*node].parent, 0);
		v = t->n[other].phandle;
	} else {
		v = fz_rand(rs, 4) ? t->n[other].phandle :
		    fz_rand(rs, 2) ? FZ_DANGLING : 0;
	}
	fz_set_cell(p, fz_rand(rs, p->len / 4), v);
	return p;
}

static struct fz_prop *fz_op_string(struct fz_tree *t, struct rnd_state *rs,
				    int *node)
{
	static const char * const s[] = { "fast", "1000000", "" };
	struct fz_prop *p = fz_any_prop(t, rs, node);
	const char *str;

	if (!p)
		return NULL;
	str = s[fz_rand(rs, ARRAY_SIZE(s))];
	p->len = strlen(str) + 1;
	memcpy(p->val, str, p->len);
	return p;
}

static struct fz_prop *fz_op_add_prop(struct fz_tree *t, struct rnd_state *rs,
				      int *node)
{
	struct fz_prop *p;
	int i;
	u32 v;

	*node = fz_rand(rs, t->nr);
	if (t->n[*node].nr_props >= FZ_PROPS)
		return NULL;
	i = fz_rand(rs, ARRAY_SIZE(fz_vocab));
	p = fz_prop(t, *node, fz_vocab[i].name);
	if (!strcmp(p->name, "status")) {
		p->len = sizeof("disabled");
		memcpy(p->val, "disabled", p->len);
	}
	for (v = 0; v < fz_vocab[i].cells; v++)
		fz_put32(p, fz_vocab[i].phandle ?
			 t->n[fz_rand(rs, t->nr)].phandle :
			 fz_rand(rs, 2) ? fz_rand(rs, 2000000) :
			 prandom_u32_state(rs));
	return p;
}

static void fz_op_drop_node(struct fz_tree *t, struct rnd_state *rs,
			    int *node, char *nname)
{
	*node = 1 + fz_rand(rs, t->nr - 1);
	if (*node < t->nr) {
		strscpy(nname, t->n[*node].name, FZ_NAME);
		fz_drop_node(t, *node);
	}
}

static struct fz_prop *fz_op_truncate(struct fz_tree *t, struct rnd_state *rs,
				      int *node)
{
	struct fz_prop *p = fz_any_prop(t, rs, node);

	if (p && p->len)
		p->len = fz_rand(rs, p->len);
	return p;
}

static struct fz_prop *fz_op_odd_size(struct fz_tree *t, struct rnd_state *rs,
				      int *node)
{
	struct fz_prop *p = fz_any_prop(t, rs, node);

	if (p && p->len < FZ_LEN - 3)
		p->len += 1 + fz_rand(rs, 3);
	return p;
}

static void fz_op_swap_phandles(struct fz_tree *t, struct rnd_state *rs,
				int *node)
{
	int other;

	*node = fz_rand(rs, t->nr);
	other = fz_rand(rs, t->nr);
	swap(t->n[*node].phandle, t->n[other].phandle);
}

/* Appends " op@node/prop" to @log; @nname and @pname may be set already. */
static void fz_log_op(struct fz_tree *t, enum fz_op op, int node,
		      char *nname, char *pname, const struct fz_prop *p,
		      char *log, size_t size)
{
	if (!nname[0] && node < t->nr)
		strscpy(nname, t->n[node].name, FZ_NAME);
	if (p)
		strscpy(pname, p->name, FZ_NAME);
	scnprintf(log + strlen(log), size - strlen(log), " %s@%s%s%s",
		  fz_op_name[op], nname, pname[0] ? "/" : "", pname);
}

/* Applies @op; returns the property it changed, if it names one. */
static struct fz_prop *fz_apply_op(struct fz_tree *t, struct rnd_state *rs,
				   enum fz_op op, int *node, char *nname,
				   char *pname)
{
	switch (op) {
	case FZ_DROP_PROP:
		fz_op_drop_prop(t, rs, node, pname);
		return NULL;
	case FZ_DUP_NODE:
		fz_op_dup_node(t, rs, node);
		return NULL;
	case FZ_DROP_NODE:
		fz_op_drop_node(t, rs, node, nname);
		return NULL;
	case FZ_REORDER:
		fz_op_reorder(t, rs, node);
		return NULL;
	case FZ_TRUNCATE:
		return fz_op_truncate(t, rs, node);
	case FZ_EXTEND:
		return fz_op_extend(t, rs, node);
	case FZ_ODD_SIZE:
		return fz_op_odd_size(t, rs, node);
	case FZ_ZERO:
	case FZ_MAX:
	case FZ_OVERFLOW:
		return fz_op_edge_cell(t, rs, node, op);
	case FZ_SWAP_PHANDLES:
		fz_op_swap_phandles(t, rs, node);
		return NULL;
	case FZ_RETARGET:
	case FZ_CYCLE:
		return fz_op_phandle(t, rs, node, op);
	case FZ_STRING:
		return fz_op_string(t, rs, node);
	case FZ_ADD_PROP:
		return fz_op_add_prop(t, rs, node);
	default:
		return NULL;
	}
}

static void fz_mutate_once(struct fz_tree *t, struct rnd_state *rs,
			   char *log, size_t size)
{
	enum fz_op op = fz_rand(rs, FZ_NR_OPS);
	char nname[FZ_NAME] = "", pname[FZ_NAME] = "";
	struct fz_prop *p;
	int node = 0;

	p = fz_apply_op(t, rs, op, &node, nname, pname);
	fz_log_op(t, op, node, nname, pname, p, log, size);
}

/* DT source of the tree, one line per kunit_info() so the log keeps it. */
static void fz_print_prop(struct kunit *test, int depth, const struct fz_prop *p)
{
	char line[FZ_LEN * 5 + FZ_NAME + 16];
	bool str = p->len && !p->val[p->len - 1];
	unsigned int i;
	size_t at;

	for (i = 0; str && i + 1 < p->len; i++)
		if (!isprint(p->val[i]))
			str = false;
	at = scnprintf(line, sizeof(line), "%*s%s", depth * 2, "", p->name);
	if (!p->len) {
		scnprintf(line + at, sizeof(line) - at, ";");
	} else if (str) {
		scnprintf(line + at, sizeof(line) - at, " = \"%s\";", p->val);
	} else if (p->len % 4 == 0) {
		at += scnprintf(line + at, sizeof(line) - at, " = <");
		for (i = 0; i < p->len; i += 4)
			at += scnprintf(line + at, sizeof(line) - at, "%s0x%x",
					i ? " " : "", get_unaligned_be32(p->val + i));
		scnprintf(line + at, sizeof(line) - at, ">;");
	} else {
		at += scnprintf(line + at, sizeof(line) - at, " = [");
		for (i = 0; i < p->len; i++)
			at += scnprintf(line + at, sizeof(line) - at, "%s%02x",
					i ? " " : "", p->val[i]);
		scnprintf(line + at, sizeof(line) - at, "];");
	}
	kunit_info(test, "%s\n", line);
}

static void fz_print_node(struct kunit *test, const struct fz_tree *t, int i,
			  int depth)
{
	const struct fz_node *n = &t->n[i];
	int j;

	kunit_info(test, "%*s%s {\n", depth * 2, "", n->name);
	if (n->phandle)
		kunit_info(test, "%*sphandle = <0x%x>;\n", depth * 2 + 2, "",
			   n->phandle);
	for (j = 0; j < n->nr_props; j++)
		fz_print_prop(test, depth + 1, &n->props[j]);
	for (j = 0; j < t->nr; j++)
		if (t->n[j].parent == i)
			fz_print_node(test, t, j, depth + 1);
	kunit_info(test, "%*s};\n", depth * 2, "");
}

static void fz_print(struct kunit *test, const struct fz_case *fc)
{
	int i;

	kunit_info(test, "seed table %s, mutations:%s\n", fc->seed->name,
		   fc->log[0] ? fc->log : " none");
	kunit_info(test, "/dts-v1/;\n");
	kunit_info(test, "/ {\n");
	kunit_info(test, "  opp-fuzz {\n");
	for (i = 0; i < fc->tree.nr; i++)
		if (fc->tree.n[i].parent < 0)
			fz_print_node(test, &fc->tree, i, 2);
	kunit_info(test, "  };\n");
	kunit_info(test, "};\n");
}

/* Attaching the tree. */

static struct property *fz_new_prop(const char *name, const void *val,
				    unsigned int len)
{
	struct property *prop = kzalloc(sizeof(*prop), GFP_KERNEL);

	if (!prop)
		return NULL;
	prop->name = kstrdup(name, GFP_KERNEL);
	prop->value = kmemdup(val, len + 1, GFP_KERNEL);	/* NUL after */
	prop->length = len;
	if (!prop->name || !prop->value) {
		kfree(prop->name);
		kfree(prop->value);
		kfree(prop);
		return NULL;
	}
	return prop;
}

/*
 * The properties go on the new node before the changeset attaches it, as
 * the unflattening of a device tree does: attaching reads "phandle" then.
 * The node is dynamic, so its release frees them.
 */
static int fz_fill_node(struct device_node *np, const struct fz_node *n)
{
	struct property **tail = &np->properties;
	u8 buf[FZ_LEN + 1] = {};
	__be32 ph = cpu_to_be32(n->phandle);
	int i;

	for (i = -1; i < n->nr_props; i++) {
		const struct fz_prop *p = i < 0 ? NULL : &n->props[i];
		struct property *prop;

		if (!p && !n->phandle)
			continue;
		if (p) {
			memcpy(buf, p->val, p->len);
			buf[p->len] = 0;
		}
		prop = p ? fz_new_prop(p->name, buf, p->len) :
			   fz_new_prop("phandle", &ph, sizeof(ph));
		if (!prop)
			return -ENOMEM;
		*tail = prop;
		tail = &prop->next;
	}
	return 0;
}

static void fz_revert(void *data)
{
	struct fz_case *fc = data;

	unsigned int i;

	if (fc->applied)
		of_changeset_revert(&fc->cs);
	of_changeset_destroy(&fc->cs);
	/* of_changeset_create_node() gave us a reference on each. */
	for (i = 0; i < fc->tree.nr; i++)
		of_node_put(fc->np[i]);
	of_node_put(fc->top);
}

static void fz_attach(struct kunit *test, struct fz_case *fc)
{
	struct device_node *root __free(device_node) = of_find_node_by_path("/");
	struct device_node *parent;
	int i, k, ret;

	KUNIT_ASSERT_NOT_NULL(test, root);
	of_changeset_init(&fc->cs);
	ret = kunit_add_action_or_reset(test, fz_revert, fc);
	KUNIT_ASSERT_EQ(test, ret, 0);

	fc->top = of_changeset_create_node(&fc->cs, root, "opp-fuzz");
	KUNIT_ASSERT_NOT_NULL(test, fc->top);
	/*
	 * Attaching puts a node first among its siblings: the last sibling is
	 * created first, so that children read in the order of @tree. Nodes
	 * are at most two deep: parents first, then their children.
	 */
	for (k = 0; k < 2 * fc->tree.nr; k++) {
		bool top_pass = k < fc->tree.nr, top;

		i = fc->tree.nr - 1 - k % fc->tree.nr;
		top = fc->tree.n[i].parent < 0;
		if (top != top_pass)
			continue;
		parent = fc->tree.n[i].parent < 0 ? fc->top :
			 fc->np[fc->tree.n[i].parent];
		KUNIT_ASSERT_NOT_NULL(test, parent);
		fc->np[i] = of_changeset_create_node(&fc->cs, parent,
						     fc->tree.n[i].name);
		KUNIT_ASSERT_NOT_NULL(test, fc->np[i]);
		KUNIT_ASSERT_EQ(test, fz_fill_node(fc->np[i], &fc->tree.n[i]),
				0);
	}
	ret = of_changeset_apply(&fc->cs);
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "cannot attach the tree");
	fc->applied = true;
	for (i = 0; i < fc->tree.nr; i++)
		fc->refs[i] = kref_read(&fc->np[i]->kobj.kref);
}

static int fz_find(const struct fz_tree *t, const char *name)
{
	unsigned int i;

	for (i = 0; i < t->nr; i++)
		if (!strcmp(t->n[i].name, name))
			return i;
	return -1;
}

static void fz_clear_node(void *data)
{
	device_set_node(data, NULL);
}

static struct device *fz_device(struct kunit *test, struct fz_case *fc,
				unsigned int i, struct opp_kunit_dvfs **fix)
{
	static const char * const names[FZ_DEVS] = {
		"opp-fuzz-dev0", "opp-fuzz-dev1", "opp-fuzz-dev2",
	};
	const struct fz_seed *seed = fc->seed;
	struct device *dev;
	int node, ret;

	if (i == 0) {
		*fix = opp_kunit_dvfs(test, names[0], false,
				      seed->clk ? 100000000 : 0, seed->nr_regs);
		dev = (*fix)->dev;
	} else {
		dev = opp_kunit_named_device(test, names[i]);
	}
	/* The mutation may have dropped the device's node: then it has none. */
	node = fz_find(&fc->tree, names[i] + strlen("opp-fuzz-"));
	if (node >= 0) {
		device_set_node(dev, of_fwnode_handle(fc->np[node]));
		ret = kunit_add_action_or_reset(test, fz_clear_node, dev);
		KUNIT_ASSERT_EQ(test, ret, 0);
	}
	return dev;
}

static void fz_put_config(void *token)
{
	dev_pm_opp_clear_config((long)token);
}

static int fz_config(struct kunit *test, struct device *dev,
		     const struct fz_seed *seed)
{
	static const char * const regs[][3] = {
		{ NULL }, { "vdd", NULL }, { "vdd", "vdd2", NULL },
	};
	struct dev_pm_opp_config config = {
		.regulator_names = seed->nr_regs ? regs[seed->nr_regs] : NULL,
		.prop_name = seed->prop_name,
		.supported_hw = seed->hw[0] ? seed->hw : NULL,
		.supported_hw_count = seed->hw[0] ? 2 : 0,
	};
	int token, ret;

	if (!config.regulator_names && !config.prop_name && !config.supported_hw)
		return 0;
	token = dev_pm_opp_set_config(dev, &config);
	KUNIT_ASSERT_GT_MSG(test, token, 0, "set_config: %d", token);
	ret = kunit_add_action_or_reset(test, fz_put_config, (void *)(long)token);
	KUNIT_ASSERT_EQ(test, ret, 0);
	return token;
}

/* Checks. */

/*
 * The table holds each OPP once, and nobody else but the table's current
 * OPP (a reference of its own, after a transition); counts agree.
 */
static void fz_check_table(struct kunit *test, struct device *dev)
{
	struct opp_table *table = dev_pm_opp_get_opp_table(dev);
	struct opp_snapshot *snap;
	struct dev_pm_opp *cur;
	unsigned int i, nr = 0, avail = 0;
	int count = dev_pm_opp_get_opp_count(dev);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, table);
	/* No transition runs: nothing changes it while we look. */
	cur = READ_ONCE(table->current_opp);
	rcu_read_lock();
	snap = rcu_dereference(table->snap);
	if (snap) {
		avail = snap->nr_avail;
		nr = snap->nr_avail + snap->nr_unavail;
		for (i = 0; i < nr; i++) {
			KUNIT_EXPECT_EQ_MSG(test, kref_read(&snap->opps[i]->kref),
					    1 + (snap->opps[i] == cur),
					    "OPP %u of %u", i, nr);
			KUNIT_EXPECT_EQ(test, READ_ONCE(snap->opps[i]->available),
					i < avail);
		}
	}
	rcu_read_unlock();
	dev_pm_opp_put_opp_table(table);
	/* It may have none: an empty v1 table loads, as in Linux. */
	KUNIT_EXPECT_EQ(test, count, (int)avail);
}

static void fz_getters(struct kunit *test, struct dev_pm_opp *opp,
		       unsigned int nr_required)
{
	struct dev_pm_opp_supply supplies[OPP_KUNIT_MAX_REGS + 2];
	unsigned int i;

	dev_pm_opp_get_voltage(opp);
	dev_pm_opp_get_power(opp);
	dev_pm_opp_get_level(opp);
	dev_pm_opp_is_turbo(opp);
	dev_pm_opp_get_freq_indexed(opp, 0);
	for (i = 0; i < nr_required; i++)
		dev_pm_opp_get_required_pstate(opp, i);
	KUNIT_EXPECT_LE(test, READ_ONCE(opp->nr_supplies),
			ARRAY_SIZE(supplies));
	if (opp->nr_supplies <= ARRAY_SIZE(supplies))
		dev_pm_opp_get_supplies(opp, supplies);
	of_node_put(dev_pm_opp_get_of_node(opp));
}

/*
 * Walks the available OPPs upwards with find_freq_ceil and downwards with
 * find_freq_floor: both walks see the same number of distinct rates, at
 * most the count, rising, each found again by find_freq_exact, and the
 * upward walk ends with -ERANGE (-EINVAL for a table without rates).
 * Returns the distinct rates, at most @max of them in @rates.
 */
static unsigned int fz_walk_freq(struct kunit *test, struct device *dev,
				 unsigned int count, unsigned long *rates,
				 unsigned int max)
{
	unsigned long freq = 0, prev = 0;
	struct dev_pm_opp *opp;
	unsigned int up = 0, down = 0;
	int end = 0;

	while (up <= count) {
		opp = dev_pm_opp_find_freq_ceil(dev, &freq);
		if (IS_ERR(opp)) {
			end = PTR_ERR(opp);
			break;
		}
		KUNIT_EXPECT_TRUE(test, !up || freq > prev);
		fz_getters(test, opp, READ_ONCE(opp->nr_required));
		dev_pm_opp_put(opp);
		opp = dev_pm_opp_find_freq_exact(dev, freq, true);
		KUNIT_EXPECT_FALSE_MSG(test, IS_ERR(opp), "exact %lu", freq);
		if (!IS_ERR(opp))
			dev_pm_opp_put(opp);
		if (up < max)
			rates[up] = freq;
		up++;
		prev = freq;
		if (freq == ULONG_MAX)
			break;
		freq++;
	}
	KUNIT_EXPECT_LE(test, up, count);
	if (end)
		KUNIT_EXPECT_TRUE_MSG(test, end == -ERANGE || end == -EINVAL,
				      "the walk ended with %d", end);

	freq = ULONG_MAX;
	while (down <= count) {
		opp = dev_pm_opp_find_freq_floor(dev, &freq);
		if (IS_ERR(opp))
			break;
		dev_pm_opp_put(opp);
		down++;
		if (!freq)
			break;
		freq--;
	}
	KUNIT_EXPECT_EQ(test, down, up);
	return min(up, max);
}

/*
 * Whether the available OPPs all have a level, rising with the table's
 * order (by rate first): only then is a walk by level well defined. With
 * levels out of that order, Linux's ceil and floor lookups scan in table
 * order and stop at different OPPs, and so do ours.
 */
static bool fz_levels_sorted(struct device *dev)
{
	struct opp_table *table = dev_pm_opp_get_opp_table(dev);
	unsigned int i, level, prev = 0;
	struct opp_snapshot *snap;
	bool sorted = true;

	if (IS_ERR(table))
		return false;
	rcu_read_lock();
	snap = rcu_dereference(table->snap);
	for (i = 0; snap && sorted && i < snap->nr_avail; i++) {
		level = dev_pm_opp_get_level(snap->opps[i]);
		sorted = level != OPP_LEVEL_UNSET && level >= prev;
		prev = level;
	}
	rcu_read_unlock();
	dev_pm_opp_put_opp_table(table);
	return sorted;
}

/* The same with levels; a table without levels may refuse outright. */
static void fz_walk_level(struct kunit *test, struct device *dev,
			  unsigned int count)
{
	unsigned int level = 0, up = 0, down = 0;
	struct dev_pm_opp *opp;

	while (up <= count) {
		opp = dev_pm_opp_find_level_ceil(dev, &level);
		if (IS_ERR(opp))
			break;
		dev_pm_opp_put(opp);
		opp = dev_pm_opp_find_level_exact(dev, level);
		KUNIT_EXPECT_FALSE_MSG(test, IS_ERR(opp), "level %u", level);
		if (!IS_ERR(opp))
			dev_pm_opp_put(opp);
		up++;
		if (level == U32_MAX)
			break;
		level++;
	}
	KUNIT_EXPECT_LE(test, up, count);

	/*
	 * As in Linux, find_level_floor() also returns OPPs without a level
	 * (OPP_LEVEL_UNSET), which find_level_ceil() refuses: skip those.
	 */
	level = U32_MAX;
	while (down <= count) {
		opp = dev_pm_opp_find_level_floor(dev, &level);
		if (IS_ERR(opp))
			break;
		dev_pm_opp_put(opp);
		if (level != OPP_LEVEL_UNSET)
			down++;
		if (!level)
			break;
		level--;
	}
	KUNIT_EXPECT_LE(test, down, count);
	if (fz_levels_sorted(dev))
		KUNIT_EXPECT_EQ(test, down, up);
}

static void fz_walk_bw(struct kunit *test, struct device *dev,
		       unsigned int count)
{
	unsigned int bw = 0, n = 0;
	struct dev_pm_opp *opp;

	while (n <= count) {
		opp = dev_pm_opp_find_bw_ceil(dev, &bw, 0);
		if (IS_ERR(opp))
			break;
		dev_pm_opp_put(opp);
		n++;
		if (bw == U32_MAX)
			break;
		bw++;
	}
	KUNIT_EXPECT_LE(test, n, count);
	bw = U32_MAX;
	opp = dev_pm_opp_find_bw_floor(dev, &bw, 0);
	if (!IS_ERR(opp))
		dev_pm_opp_put(opp);
}

/* Everything a caller may ask of a loaded table, then transitions. */
static void fz_use(struct kunit *test, struct device *dev,
		   struct opp_kunit_dvfs *fix)
{
	unsigned long rates[4];
	unsigned int nr, i;
	int count, ret;

	fz_check_table(test, dev);
	count = dev_pm_opp_get_opp_count(dev);
	KUNIT_ASSERT_GE(test, count, 0);
	/* One more OPP than the count may be found, to show the excess. */
	nr = fz_walk_freq(test, dev, count, rates, ARRAY_SIZE(rates));
	fz_walk_level(test, dev, count);
	fz_walk_bw(test, dev, count);
	dev_pm_opp_get_max_clock_latency(dev);
	dev_pm_opp_get_max_volt_latency(dev);
	dev_pm_opp_get_max_transition_latency(dev);
	dev_pm_opp_get_suspend_opp_freq(dev);

	if (!fix)
		return;
	/* Each rate, then a drop of the votes; a refusal is no failure. */
	for (i = 0; i < nr; i++) {
		ret = dev_pm_opp_set_rate(dev, rates[i]);
		KUNIT_EXPECT_LE(test, ret, 0);
		/* The clock API takes rates up to LONG_MAX. */
		if (!ret && rates[i] && rates[i] <= LONG_MAX && fix->clk)
			KUNIT_EXPECT_EQ(test, clk_get_rate(fix->clk), rates[i]);
	}
	KUNIT_EXPECT_LE(test, dev_pm_opp_set_rate(dev, 0), 0);
	fz_check_table(test, dev);
}

static const void *fz_gen(const void *prev, char *desc)
{
	unsigned long i = prev ? (unsigned long)prev : 0;

	if (fuzz_only >= 0) {
		if (prev || fuzz_only >= (int)fuzz_n)
			return NULL;
		i = fuzz_only;
	} else if (i >= fuzz_n) {
		return NULL;
	}
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s #%lu seed %lu",
		 fz_seeds[i % FZ_NR_SEEDS].name, i, fuzz_seed);
	return (const void *)(i + 1);
}

/* The mutation number @i: its seed table, changed by its own generator. */
static void fz_make(struct fz_case *fc, unsigned long rseed, unsigned long i)
{
	struct rnd_state rs;
	unsigned int ops, k;

	fc->rseed = rseed;
	fc->nr = i;
	fc->seed = &fz_seeds[i % FZ_NR_SEEDS];
	fc->seed->build(&fc->tree);
	prandom_seed_state(&rs, rseed * 0x9e3779b97f4a7c15ULL + i);
	/* The first pass over the seeds loads each one as it is. */
	ops = i < FZ_NR_SEEDS ? 0 : 1 + fz_rand(&rs, FZ_MAX_OPS);
	for (k = 0; k < ops; k++)
		fz_mutate_once(&fc->tree, &rs, fc->log, sizeof(fc->log));
}

static bool fz_known_error(int ret)
{
	switch (ret) {
	case -EINVAL: case -ENODEV: case -ENOENT: case -EPROBE_DEFER:
	case -ENOMEM: case -EEXIST: case -ERANGE: case -EBUSY: case -ENODATA:
	case -EOVERFLOW: case -EOPNOTSUPP: case -ELOOP:
		return true;
	}
	return false;
}

/* Loads, uses and removes mutation @i of seed @rseed. */
/* Each device loads its table, providers first when the seed says so. */
static void fz_load(struct fz_case *fc, int n)
{
	int k, d;

	for (k = 0; k < n; k++) {
		d = fc->seed->providers_first ? n - 1 - k : k;
		fc->ret[d] = dev_pm_opp_of_add_table(fc->dev[d]);
	}
}

/*
 * What the loads must leave: only errors a table may give, nothing of a
 * refused table, a message for device 0's refusal, and an unmutated seed's
 * known count.
 */
static void fz_check_load(struct kunit *test, struct fz_case *fc, int n,
			  struct opp_kunit_errors *cap)
{
	int d, count;

	for (d = 0; d < n; d++) {
		if (!fc->ret[d])
			continue;
		KUNIT_EXPECT_TRUE_MSG(test, fz_known_error(fc->ret[d]),
				      "dev%d: unexpected error %d", d,
				      fc->ret[d]);
		count = dev_pm_opp_get_opp_count(fc->dev[d]);
		KUNIT_EXPECT_TRUE_MSG(test, count == -ENODEV || count == 0,
				      "dev%d failed with %d but has %d OPPs",
				      d, fc->ret[d], count);
	}
	/* Not for a missing table, nor one that waits for a provider. */
	if (fc->ret[0] && fc->ret[0] != -ENODEV && fc->ret[0] != -EPROBE_DEFER)
		KUNIT_EXPECT_GT_MSG(test, opp_kunit_errors_count(cap), 0,
				    "dev0 refused its table (%d) silently",
				    fc->ret[0]);
	if (!fc->log[0] && fc->seed->count >= 0) {
		KUNIT_EXPECT_EQ(test, fc->ret[0], 0);
		KUNIT_EXPECT_EQ(test, dev_pm_opp_get_opp_count(fc->dev[0]),
				fc->seed->count);
	}
}

/* After the removal: no table, and every node's references as before. */
static void fz_check_gone(struct kunit *test, struct fz_case *fc, int n)
{
	struct opp_table *table;
	unsigned int k;
	int d;

	for (d = 0; d < n; d++) {
		table = dev_pm_opp_get_opp_table(fc->dev[d]);
		KUNIT_EXPECT_TRUE_MSG(test, IS_ERR(table),
				      "dev%d keeps a table", d);
		if (!IS_ERR(table))
			dev_pm_opp_put_opp_table(table);
	}
	for (k = 0; k < fc->tree.nr; k++)
		KUNIT_EXPECT_EQ_MSG(test, kref_read(&fc->np[k]->kobj.kref),
				    fc->refs[k], "references on %s",
				    fc->tree.n[k].name);
}

static void fz_run(struct kunit *test, unsigned long rseed, unsigned long i)
{
	struct fz_case *fc = kunit_kzalloc(test, sizeof(*fc), GFP_KERNEL);
	struct opp_kunit_dvfs *fix = NULL;
	struct opp_kunit_errors *cap;
	int d, n;

	KUNIT_ASSERT_NOT_NULL(test, fc);
	test->priv = fc;
	fz_make(fc, rseed, i);
	if (fuzz_dump)
		fz_print(test, fc);
	fz_attach(test, fc);

	n = fc->seed->nr_devs;
	for (d = 0; d < n; d++)
		fc->dev[d] = fz_device(test, fc, d, &fix);
	fc->token = fz_config(test, fc->dev[0], fc->seed);

	cap = opp_kunit_capture_warnings(test, fc->dev[0]);
	fz_load(fc, n);
	fz_check_load(test, fc, n, cap);

	for (d = 0; d < n; d++)
		if (!fc->ret[d])
			fz_use(test, fc->dev[d], d ? NULL : fix);

	for (d = 0; d < n; d++)
		dev_pm_opp_of_remove_table(fc->dev[d]);
	if (fc->token)
		kunit_release_action(test, fz_put_config,
				     (void *)(long)fc->token);
	opp_flush_releases();
	fz_check_gone(test, fc, n);
}

static void opp_fuzz_mutation(struct kunit *test)
{
	fz_run(test, fuzz_seed, (unsigned long)test->param_value - 1);
}

/*
 * Mutations that once broke the core, run by every make check whatever
 * fuzz_n says. Each stays the table it names only while the seeds and the
 * mutators are unchanged: whoever changes those moves these cases to the
 * new numbers (make fuzz ONLY=... DUMP=1 shows the table).
 */
struct fz_regression {
	unsigned long rseed;
	unsigned long nr;
	const char *what;
};

static const struct fz_regression fz_regressions[] = {
	{ 1, 1441, "supply target above its maximum reached the regulator" },
};

static void fz_regression_desc(const struct fz_regression *r, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "#%lu seed %lu: %s", r->nr,
		 r->rseed, r->what);
}

KUNIT_ARRAY_PARAM(fz_regression, fz_regressions, fz_regression_desc);

static void opp_fuzz_regression(struct kunit *test)
{
	const struct fz_regression *r = test->param_value;

	fz_run(test, r->rseed, r->nr);
}

static void opp_fuzz_exit(struct kunit *test)
{
	struct fz_case *fc = test->priv;

	if (fc && fc->seed && test->status == KUNIT_FAILURE && !fuzz_dump) {
		kunit_info(test, "rerun alone: opp_kunit.fuzz_seed=%lu opp_kunit.fuzz_only=%lu\n",
			   fc->rseed, fc->nr);
		fz_print(test, fc);
	}
}

static struct kunit_case opp_fuzz_cases[] = {
	KUNIT_CASE_PARAM(opp_fuzz_mutation, fz_gen),
	KUNIT_CASE_PARAM(opp_fuzz_regression, fz_regression_gen_params),
	{}
};

static struct kunit_suite opp_fuzz_suite = {
	.name = "opp_fuzz",
	.exit = opp_fuzz_exit,
	.test_cases = opp_fuzz_cases,
};

kunit_test_suite(opp_fuzz_suite);
