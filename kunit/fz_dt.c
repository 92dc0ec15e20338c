// SPDX-License-Identifier: GPL-2.0-only
/*
 * Device tree tables made at run time: seed tables of the shapes boards use,
 * seeded random mutations of them, their DT source for a report, and their
 * attachment under /opp-fuzz with an of_changeset.
 *
 * Only public kernel APIs are used. Two suites #include this file: opp_fuzz
 * (kunit/fuzz_kunit.c), which checks our core's invariants on the tables,
 * and opp_diff (conformance/conf_diff.c), which runs them on upstream's core
 * and ours to compare what each does; scripts/conformance.sh puts a copy
 * beside the conformance suites. Everything is static, so both suites link
 * into one kernel.
 */

#include <kunit/test.h>
#include <linux/ctype.h>
#include <linux/of.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../fakes/kunit_bridge.h"

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

	strscpy(n->name, name, sizeof(n->name));
	n->parent = parent;
	n->phandle = phandle ? FZ_PHANDLE + t->nr : 0;
	n->nr_props = 0;
	return t->nr++;
}

static struct fz_prop *fz_prop(struct fz_tree *t, int node, const char *name)
{
	struct fz_node *n = &t->n[node];
	struct fz_prop *p = &n->props[n->nr_props++];

	strscpy(p->name, name, sizeof(p->name));
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
 * struct fz_dt - one table: its nodes, and their attachment
 * @tree: the nodes
 * @seed: the seed it was made from
 * @log: the mutations applied, for the report
 * @top: /opp-fuzz, their parent
 * @np: the nodes created, indexed as @tree
 * @refs: their reference counts before anything used them
 * @cs: the changeset that attached them
 * @applied: @cs is applied
 */
struct fz_dt {
	struct fz_tree tree;
	const struct fz_seed *seed;
	char log[FZ_LOG];
	struct device_node *top;
	struct device_node *np[FZ_NODES];
	unsigned int refs[FZ_NODES];
	struct of_changeset cs;
	bool applied;
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

static void fz_print(struct kunit *test, const struct fz_dt *dt)
{
	int i;

	kunit_info(test, "seed table %s, mutations:%s\n", dt->seed->name,
		   dt->log[0] ? dt->log : " none");
	kunit_info(test, "/dts-v1/;\n");
	kunit_info(test, "/ {\n");
	kunit_info(test, "  opp-fuzz {\n");
	for (i = 0; i < dt->tree.nr; i++)
		if (dt->tree.n[i].parent < 0)
			fz_print_node(test, &dt->tree, i, 2);
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
	prop->value = kzalloc(len + 1, GFP_KERNEL);	/* NUL after */
	prop->length = len;
	if (!prop->name || !prop->value) {
		kfree(prop->name);
		kfree(prop->value);
		kfree(prop);
		return NULL;
	}
	memcpy(prop->value, val, len);
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
	struct fz_dt *dt = data;

	unsigned int i;

	if (dt->applied)
		of_changeset_revert(&dt->cs);
	of_changeset_destroy(&dt->cs);
	/* of_changeset_create_node() gave us a reference on each. */
	for (i = 0; i < dt->tree.nr; i++)
		of_node_put(dt->np[i]);
	of_node_put(dt->top);
}

static void fz_attach(struct kunit *test, struct fz_dt *dt)
{
	struct device_node *root __free(device_node) = of_find_node_by_path("/");
	struct device_node *parent;
	int i, k, ret;

	KUNIT_ASSERT_NOT_NULL(test, root);
	of_changeset_init(&dt->cs);
	ret = kunit_add_action_or_reset(test, fz_revert, dt);
	KUNIT_ASSERT_EQ(test, ret, 0);

	dt->top = of_changeset_create_node(&dt->cs, root, "opp-fuzz");
	KUNIT_ASSERT_NOT_NULL(test, dt->top);
	/*
	 * Attaching puts a node first among its siblings: the last sibling is
	 * created first, so that children read in the order of @tree. Nodes
	 * are at most two deep: parents first, then their children.
	 */
	for (k = 0; k < 2 * dt->tree.nr; k++) {
		bool top_pass = k < dt->tree.nr, top;

		i = dt->tree.nr - 1 - k % dt->tree.nr;
		top = dt->tree.n[i].parent < 0;
		if (top != top_pass)
			continue;
		parent = dt->tree.n[i].parent < 0 ? dt->top :
			 dt->np[dt->tree.n[i].parent];
		KUNIT_ASSERT_NOT_NULL(test, parent);
		dt->np[i] = of_changeset_create_node(&dt->cs, parent,
						     dt->tree.n[i].name);
		KUNIT_ASSERT_NOT_NULL(test, dt->np[i]);
		KUNIT_ASSERT_EQ(test, fz_fill_node(dt->np[i], &dt->tree.n[i]),
				0);
	}
	ret = of_changeset_apply(&dt->cs);
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "cannot attach the tree");
	dt->applied = true;
	for (i = 0; i < dt->tree.nr; i++)
		dt->refs[i] = kref_read(&dt->np[i]->kobj.kref);
}

static int fz_find(const struct fz_tree *t, const char *name)
{
	unsigned int i;

	for (i = 0; i < t->nr; i++)
		if (!strcmp(t->n[i].name, name))
			return i;
	return -1;
}

/*
 * Table number @i under @rseed: its seed table, changed by a generator of
 * its own, so that (@rseed, @i) alone names it. The first pass over the
 * seeds (@i below their number) leaves them as they are.
 */
static void fz_dt_make(struct fz_dt *dt, unsigned long rseed, unsigned long i)
{
	struct rnd_state rs;
	unsigned int ops, k;

	dt->seed = &fz_seeds[i % FZ_NR_SEEDS];
	dt->seed->build(&dt->tree);
	prandom_seed_state(&rs, rseed * 0x9e3779b97f4a7c15ULL + i);
	ops = i < FZ_NR_SEEDS ? 0 : 1 + fz_rand(&rs, FZ_MAX_OPS);
	for (k = 0; k < ops; k++)
		fz_mutate_once(&dt->tree, &rs, dt->log, sizeof(dt->log));
}
