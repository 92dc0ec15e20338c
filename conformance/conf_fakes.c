// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fixtures of the conformance suites. Everything made here is handed to
 * KUnit and undone in reverse order when the test ends, so a failed
 * assertion leaks nothing and no state lives outside the test.
 */

#include <kunit/clk.h>
#include <kunit/device.h>
#include <kunit/of.h>
#include <kunit/test.h>
#include <linux/clk.h>
#include <linux/clkdev.h>
#include <linux/console.h>
#include <linux/ctype.h>
#include <linux/device.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/interconnect.h>
#include <linux/mman.h>
#include <linux/mount.h>
#include <linux/of.h>
#include <linux/pm_opp.h>
#include <linux/regulator/consumer.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "conf.h"

struct conf_log *conf_log(struct kunit *test)
{
	struct conf_log *log = kunit_kzalloc(test, sizeof(*log), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, log);
	return log;
}

void conf_log_add(struct conf_log *log, enum conf_ev_kind kind,
		  unsigned int id, unsigned long value)
{
	if (!log)
		return;
	if (log->nr < CONF_MAX_EVENTS)
		log->ev[log->nr] = (struct conf_ev){ kind, id, value };
	log->nr++;
}

static const char * const conf_ev_names[] = {
	[CONF_EV_RATE] = "rate",
	[CONF_EV_VOLT] = "volt",
	[CONF_EV_ON] = "on",
	[CONF_EV_OFF] = "off",
	[CONF_EV_LEVEL] = "level",
	[CONF_EV_BW] = "bw",
};

/* "rate", "volt", ...: how an event reads in a message. */
const char *conf_ev_name(enum conf_ev_kind kind)
{
	return conf_ev_names[kind];
}

/* Expects exactly these events since the last check, then forgets them. */
void conf_expect_log(struct kunit *test, struct conf_log *log,
		     const struct conf_ev *want, unsigned int nr)
{
	unsigned int i;

	KUNIT_EXPECT_EQ_MSG(test, log->nr, nr, "number of hardware events");
	for (i = 0; i < min(log->nr, nr); i++) {
		KUNIT_EXPECT_STREQ_MSG(test, conf_ev_names[log->ev[i].kind],
				       conf_ev_names[want[i].kind],
				       "event %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log->ev[i].id, want[i].id,
				    "event %u", i);
		KUNIT_EXPECT_EQ_MSG(test, log->ev[i].value, want[i].value,
				    "event %u", i);
	}
	log->nr = 0;
}

unsigned int conf_log_count(struct conf_log *log, enum conf_ev_kind kind)
{
	unsigned int i, n = 0;

	for (i = 0; i < min_t(unsigned int, log->nr, CONF_MAX_EVENTS); i++)
		n += log->ev[i].kind == kind;
	return n;
}

/* @fn(@data) when the test ends, after what was deferred later. */
static void conf_defer(struct kunit *test, kunit_action_t *fn, void *data)
{
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fn, data), 0);
}

KUNIT_DEFINE_ACTION_WRAPPER(conf_root_unregister, root_device_unregister,
			    struct device *);

/*
 * Before a test's device goes: its added OPPs, then any table still keyed
 * to it. When every OPP is gone a table that remains is a reference the
 * core kept (upstream keeps one for each identical OPP added twice); it is
 * dropped here, so that no table outlives its device and turns up for a
 * later device that gets the same address.
 */
static void conf_release_tables(void *data)
{
	struct device *dev = data;
	struct opp_table *table;
	unsigned int i;

	dev_pm_opp_remove_all_dynamic(dev);
	for (i = 0; i < 4; i++) {
		table = dev_pm_opp_get_opp_table(dev);
		if (IS_ERR_OR_NULL(table))
			return;
		dev_pm_opp_put_opp_table(table);
		dev_pm_opp_put_opp_table(table);
	}
}

/* Tables keyed to @dev (made by the test) go before it does. */
void conf_track_tables(struct kunit *test, struct device *dev)
{
	conf_defer(test, conf_release_tables, dev);
}

/*
 * A root device called @name (unique while the test runs, 23 chars max),
 * unregistered and its tables released when the test ends; in that order
 * when @devres_first, the other way round otherwise (deferred actions run
 * last first).
 */
static struct device *conf_root_device(struct kunit *test, const char *name,
				       bool devres_first)
{
	struct device *dev = root_device_register(name);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	conf_defer(test, devres_first ? conf_release_tables : conf_root_unregister,
		   dev);
	conf_defer(test, devres_first ? conf_root_unregister : conf_release_tables,
		   dev);
	return dev;
}

struct device *conf_device(struct kunit *test, const char *name)
{
	return conf_root_device(test, name, false);
}

/*
 * The same, for devm_ cases: unregistered first, so that its devres actions
 * (a devm_pm_opp_set_config() among them) run before conf_release_tables()
 * drops what is left of its tables.
 */
struct device *conf_devres_device(struct kunit *test, const char *name)
{
	return conf_root_device(test, name, true);
}

/* The node of @compatible, put when the test ends. */
struct device_node *conf_node(struct kunit *test, const char *compatible)
{
	struct device_node *np = of_find_compatible_node(NULL, NULL, compatible);

	KUNIT_ASSERT_NOT_NULL_MSG(test, np, "no node for %s", compatible);
	of_node_put_kunit(test, np);
	return np;
}

static void conf_clear_node(void *dev)
{
	device_set_node(dev, NULL);
}

void conf_bind_node(struct kunit *test, struct device *dev,
		    const char *compatible)
{
	struct device_node *np = conf_node(test, compatible);

	device_set_node(dev, of_fwnode_handle(np));
	conf_defer(test, conf_clear_node, dev);
}

struct device *conf_of_device(struct kunit *test, const char *name,
			      const char *compatible)
{
	struct device *dev = conf_device(test, name);

	conf_bind_node(test, dev, compatible);
	return dev;
}

/* The overlay a suite applied for all its cases (CONF_SUITE_OVERLAY()). */
const u8 *conf_suite_dtbo;
static int conf_suite_ovcs;

int conf_suite_overlay_apply(const u8 *begin, const u8 *end)
{
	int ret;

	ret = of_overlay_fdt_apply(begin, end - begin, &conf_suite_ovcs, NULL);
	if (ret)
		return ret;
	conf_suite_dtbo = begin;
	return 0;
}

void conf_suite_overlay_remove(void)
{
	int ret;

	conf_suite_dtbo = NULL;
	ret = of_overlay_remove(&conf_suite_ovcs);
	WARN(ret, "conformance: suite overlay not removed: %d\n", ret);
}

KUNIT_DEFINE_ACTION_WRAPPER(conf_of_remove, dev_pm_opp_of_remove_table,
			    struct device *);

/* dev_pm_opp_of_add_table(), undone when the test ends if it worked. */
int conf_of_add_table(struct kunit *test, struct device *dev)
{
	int ret = dev_pm_opp_of_add_table(dev);

	if (!ret)
		conf_defer(test, conf_of_remove, dev);
	return ret;
}

void conf_add(struct kunit *test, struct device *dev, unsigned long freq,
	      unsigned long u_volt)
{
	KUNIT_ASSERT_EQ_MSG(test, dev_pm_opp_add(dev, freq, u_volt), 0,
			    "dev_pm_opp_add(%lu, %lu)", freq, u_volt);
}

void conf_add_level(struct kunit *test, struct device *dev, unsigned long freq,
		    unsigned int level)
{
	struct dev_pm_opp_data data = { .freq = freq, .level = level };

	KUNIT_ASSERT_EQ_MSG(test, dev_pm_opp_add_dynamic(dev, &data), 0,
			    "dev_pm_opp_add_dynamic(%lu, level %u)", freq, level);
}

KUNIT_DEFINE_ACTION_WRAPPER(conf_put_opp, dev_pm_opp_put, struct dev_pm_opp *);

void conf_keep_opp(struct kunit *test, struct dev_pm_opp *opp)
{
	conf_defer(test, conf_put_opp, opp);
}

/* dev_pm_opp_find_freq_exact() that must work; put when the test ends. */
struct dev_pm_opp *conf_exact(struct kunit *test, struct device *dev,
			      unsigned long freq, bool available)
{
	struct dev_pm_opp *opp = dev_pm_opp_find_freq_exact(dev, freq, available);

	KUNIT_ASSERT_NOT_ERR_OR_NULL_MSG(test, opp, "no OPP at %lu", freq);
	conf_keep_opp(test, opp);
	return opp;
}

KUNIT_DEFINE_ACTION_WRAPPER(conf_put_table, dev_pm_opp_put_opp_table,
			    struct opp_table *);

/* The device's table, put when the test ends. */
struct opp_table *conf_table(struct kunit *test, struct device *dev)
{
	struct opp_table *table = dev_pm_opp_get_opp_table(dev);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, table);
	conf_defer(test, conf_put_table, table);
	return table;
}

static void conf_clear_config(void *token)
{
	dev_pm_opp_clear_config((long)token);
}

/* dev_pm_opp_set_config(); a token it returns is cleared with the test. */
int conf_set_config(struct kunit *test, struct device *dev,
		    struct dev_pm_opp_config *config)
{
	int token = dev_pm_opp_set_config(dev, config);

	if (token > 0)
		conf_defer(test, conf_clear_config, (void *)(long)token);
	return token;
}

/* "<a>-<b>", freed with the test. */
static const char *conf_name(struct kunit *test, const char *a, const char *b)
{
	size_t len = strlen(a) + strlen(b) + 2;
	char *name = kunit_kmalloc(test, len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, name);
	snprintf(name, len, "%s-%s", a, b);
	return name;
}

/* Clears a token of conf_set_config() now rather than with the test. */
void conf_clear_config_now(struct kunit *test, int token)
{
	kunit_release_action(test, conf_clear_config, (void *)(long)token);
}

/* Clock */

static struct conf_clk *to_conf_clk(struct clk_hw *hw)
{
	return container_of(hw, struct conf_clk, hw);
}

static unsigned long conf_clk_recalc(struct clk_hw *hw, unsigned long parent)
{
	return to_conf_clk(hw)->rate;
}

static int conf_clk_determine(struct clk_hw *hw, struct clk_rate_request *req)
{
	return 0;
}

static int conf_clk_set(struct clk_hw *hw, unsigned long rate,
			unsigned long parent)
{
	struct conf_clk *clk = to_conf_clk(hw);

	clk->sets++;
	if (clk->fail)
		return clk->fail;
	clk->rate = rate;
	conf_log_add(clk->log, CONF_EV_RATE, clk->id, rate);
	return 0;
}

static const struct clk_ops conf_clk_ops = {
	.recalc_rate = conf_clk_recalc,
	.determine_rate = conf_clk_determine,
	.set_rate = conf_clk_set,
};

static int conf_clk_notify(struct notifier_block *nb, unsigned long event,
			   void *data)
{
	return event == PRE_RATE_CHANGE ? NOTIFY_BAD : NOTIFY_DONE;
}

KUNIT_DEFINE_ACTION_WRAPPER(conf_clkdev_drop, clkdev_drop, struct clk_lookup *);

/*
 * A clock at @rate for clk_get(dev, @con_id) of the device named @dev_id;
 * it logs each change of rate as @id. Made before the device that uses it.
 */
struct conf_clk *conf_clk(struct kunit *test, struct conf_log *log,
			  const char *dev_id, const char *con_id,
			  unsigned long rate, unsigned int id)
{
	struct conf_clk *clk = kunit_kzalloc(test, sizeof(*clk), GFP_KERNEL);
	struct clk_init_data init = { .ops = &conf_clk_ops };
	struct clk_lookup *lookup;

	KUNIT_ASSERT_NOT_NULL(test, clk);
	init.name = conf_name(test, dev_id, con_id ?: "clk");
	clk->rate = rate;
	clk->log = log;
	clk->id = id;
	clk->hw.init = &init;
	KUNIT_ASSERT_EQ(test, clk_hw_register_kunit(test, NULL, &clk->hw), 0);

	lookup = clkdev_hw_create(&clk->hw, con_id, "%s", dev_id);
	KUNIT_ASSERT_NOT_NULL(test, lookup);
	conf_defer(test, conf_clkdev_drop, lookup);
	return clk;
}

/* Makes every later clk_set_rate() of @clk fail, as a busy clock would. */
struct conf_clk_block {
	struct notifier_block nb;
	struct clk *clk;
};

static void conf_clk_unblock(void *data)
{
	struct conf_clk_block *b = data;

	clk_notifier_unregister(b->clk, &b->nb);
}

void conf_clk_block(struct kunit *test, struct conf_clk *clk)
{
	struct conf_clk_block *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	b->clk = clk_hw_get_clk_kunit(test, &clk->hw, "conf-block");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b->clk);
	b->nb.notifier_call = conf_clk_notify;
	KUNIT_ASSERT_EQ(test, clk_notifier_register(b->clk, &b->nb), 0);
	conf_defer(test, conf_clk_unblock, b);
}

/* Regulator */

static int conf_reg_set_sel(struct regulator_dev *rdev, unsigned int sel)
{
	struct conf_reg *reg = rdev_get_drvdata(rdev);

	reg->sets++;
	if (reg->fail)
		return reg->fail;
	reg->sel = sel;
	conf_log_add(reg->log, CONF_EV_VOLT, reg->id, conf_reg_uv(reg));
	return 0;
}

static int conf_reg_get_sel(struct regulator_dev *rdev)
{
	struct conf_reg *reg = rdev_get_drvdata(rdev);

	return reg->sel;
}

static int conf_reg_enable(struct regulator_dev *rdev)
{
	struct conf_reg *reg = rdev_get_drvdata(rdev);

	reg->enables++;
	if (reg->enable_fail)
		return reg->enable_fail;
	reg->on = true;
	conf_log_add(reg->log, CONF_EV_ON, reg->id, 0);
	return 0;
}

static int conf_reg_disable(struct regulator_dev *rdev)
{
	struct conf_reg *reg = rdev_get_drvdata(rdev);

	reg->on = false;
	conf_log_add(reg->log, CONF_EV_OFF, reg->id, 0);
	return 0;
}

static int conf_reg_is_enabled(struct regulator_dev *rdev)
{
	struct conf_reg *reg = rdev_get_drvdata(rdev);

	return reg->on;
}

static const struct regulator_ops conf_reg_ops = {
	.list_voltage = regulator_list_voltage_linear,
	.map_voltage = regulator_map_voltage_linear,
	.set_voltage_sel = conf_reg_set_sel,
	.get_voltage_sel = conf_reg_get_sel,
	.enable = conf_reg_enable,
	.disable = conf_reg_disable,
	.is_enabled = conf_reg_is_enabled,
};

unsigned long conf_reg_uv(const struct conf_reg *reg)
{
	return CONF_REG_MIN_UV + reg->sel * CONF_REG_STEP_UV;
}

/*
 * A regulator, off and at its lowest voltage, that is supply @supply of the
 * device named @dev_id; it logs changes as @id. @ramp_delay in uV/us, or 0.
 * Made before the device that uses it.
 */
struct conf_reg *conf_reg(struct kunit *test, struct conf_log *log,
			  const char *dev_id, const char *supply,
			  unsigned int id, unsigned int ramp_delay)
{
	struct conf_reg *reg = kunit_kzalloc(test, sizeof(*reg), GFP_KERNEL);
	struct regulator_config config = {};
	struct regulator_dev *rdev;
	struct device *pmic;
	char name[16];

	KUNIT_ASSERT_NOT_NULL(test, reg);
	snprintf(name, sizeof(name), "pmic%u", id);
	pmic = kunit_device_register(test, name);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pmic);

	reg->log = log;
	reg->id = id;
	reg->supply = (struct regulator_consumer_supply)
		REGULATOR_SUPPLY(supply, dev_id);
	reg->init.constraints.min_uV = CONF_REG_MIN_UV;
	reg->init.constraints.max_uV = CONF_REG_MAX_UV;
	reg->init.constraints.ramp_delay = ramp_delay;
	reg->init.constraints.valid_ops_mask = REGULATOR_CHANGE_VOLTAGE |
					       REGULATOR_CHANGE_STATUS;
	reg->init.consumer_supplies = &reg->supply;
	reg->init.num_consumer_supplies = 1;
	reg->desc.name = conf_name(test, dev_id, supply);
	reg->desc.type = REGULATOR_VOLTAGE;
	reg->desc.owner = THIS_MODULE;
	reg->desc.ops = &conf_reg_ops;
	reg->desc.min_uV = CONF_REG_MIN_UV;
	reg->desc.uV_step = CONF_REG_STEP_UV;
	reg->desc.n_voltages = CONF_REG_N;
	config.dev = pmic;
	config.init_data = &reg->init;
	config.driver_data = reg;
	rdev = devm_regulator_register(pmic, &reg->desc, &config);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rdev);
	return reg;
}

/* A bare PM domain */

struct conf_pd {
	struct dev_pm_domain domain;
	struct conf_log *log;
};

static int conf_pd_set_pstate(struct device *dev, unsigned int state)
{
	struct conf_pd *pd = container_of(dev->pm_domain, struct conf_pd,
					  domain);

	conf_log_add(pd->log, CONF_EV_LEVEL, 0, state);
	return 0;
}

static void conf_pd_leave(void *dev)
{
	((struct device *)dev)->pm_domain = NULL;
}

/* @dev joins a PM domain whose performance state votes are logged as id 0. */
void conf_pm_domain(struct kunit *test, struct conf_log *log,
		    struct device *dev)
{
	struct conf_pd *pd = kunit_kzalloc(test, sizeof(*pd), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, pd);
	pd->log = log;
	pd->domain.set_performance_state = conf_pd_set_pstate;
	dev->pm_domain = &pd->domain;
	conf_defer(test, conf_pd_leave, dev);
}

/* Generic PM domain */

static int conf_genpd_set_pstate(struct generic_pm_domain *pd,
				 unsigned int state)
{
	struct conf_genpd *g = container_of(pd, struct conf_genpd, pd);

	conf_log_add(g->log, CONF_EV_LEVEL, g->id, state);
	return 0;
}

static void conf_genpd_remove(void *data)
{
	struct conf_genpd *g = data;

	of_genpd_del_provider(g->np);
	pm_genpd_remove(&g->pd);
}

/* A domain's memory, made before the devices that may outlive its provider. */
struct conf_genpd *conf_genpd_new(struct kunit *test)
{
	struct conf_genpd *g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, g);
	return g;
}

/*
 * @g becomes a generic PM domain, on, provided by the node of @compatible;
 * with a performance state callback the genpd core loads the node's OPP
 * table for it. States it is set to are logged as @id.
 */
void conf_genpd_start(struct kunit *test, struct conf_genpd *g,
		      struct conf_log *log, const char *compatible,
		      unsigned int id)
{
	int ret;

	g->np = conf_node(test, compatible);
	g->log = log;
	g->id = id;
	g->pd.name = compatible;
	g->pd.set_performance_state = conf_genpd_set_pstate;
	KUNIT_ASSERT_EQ(test, pm_genpd_init(&g->pd, NULL, false), 0);
	ret = of_genpd_add_provider_simple(g->np, &g->pd);
	if (ret)
		pm_genpd_remove(&g->pd);
	KUNIT_ASSERT_EQ(test, ret, 0);
	conf_defer(test, conf_genpd_remove, g);
}

/* conf_genpd_new() and conf_genpd_start(): made before its consumers. */
struct conf_genpd *conf_genpd(struct kunit *test, struct conf_log *log,
			      const char *compatible, unsigned int id)
{
	struct conf_genpd *g = conf_genpd_new(test);

	conf_genpd_start(test, g, log, compatible, id);
	return g;
}

static void conf_genpd_detach(void *dev)
{
	dev_pm_domain_detach(dev, true);
}

/* @dev, bound to a node with one "power-domains" entry, joins that domain. */
void conf_genpd_attach(struct kunit *test, struct device *dev)
{
	KUNIT_ASSERT_EQ(test, dev_pm_domain_attach(dev, true), 0);
	KUNIT_ASSERT_NOT_NULL(test, dev->pm_domain);
	conf_defer(test, conf_genpd_detach, dev);
}

/* Interconnect */

#define CONF_ICC_NODES		4
#define CONF_ICC_BASE_ID	0x0c0f00

static const char * const conf_icc_names[CONF_ICC_NODES] = {
	"conf-m0", "conf-s0", "conf-m1", "conf-s1",
};

static int conf_icc_set(struct icc_node *src, struct icc_node *dst)
{
	struct conf_icc *icc = src->data;

	conf_log_add(icc->log, CONF_EV_BW, src->id - CONF_ICC_BASE_ID,
		     src->peak_bw);
	return 0;
}

static int conf_icc_get_bw(struct icc_node *node, u32 *avg, u32 *peak)
{
	*avg = 0;
	*peak = 0;
	return 0;
}

static void conf_icc_remove(void *data)
{
	struct conf_icc *icc = data;

	icc_provider_deregister(&icc->provider);
	icc_nodes_remove(&icc->provider);
}

/*
 * An interconnect provider on the node of @compatible (#interconnect-cells
 * = <1>): nodes 0..3 named conf-m0, conf-s0, conf-m1, conf-s1, 0 linked to
 * 1 and 2 to 3, so "interconnects = <&icc 0 &icc 1>" is path conf-m0-conf-s0.
 * Bandwidth set on the sources is logged with the node number as id.
 */
struct conf_icc *conf_icc(struct kunit *test, struct conf_log *log,
			  const char *compatible)
{
	struct conf_icc *icc = kunit_kzalloc(test, sizeof(*icc), GFP_KERNEL);
	struct icc_provider *p;
	struct icc_node *node;
	unsigned int i;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, icc);
	icc->log = log;
	icc->data = kunit_kzalloc(test, struct_size(icc->data, nodes,
						    CONF_ICC_NODES), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, icc->data);
	icc->dev = conf_of_device(test, "conf-icc", compatible);

	p = &icc->provider;
	p->dev = icc->dev;
	p->set = conf_icc_set;
	p->get_bw = conf_icc_get_bw;
	p->aggregate = icc_std_aggregate;
	p->xlate = of_icc_xlate_onecell;
	p->data = icc->data;
	icc_provider_init(p);

	for (i = 0; i < CONF_ICC_NODES; i++) {
		node = icc_node_create(CONF_ICC_BASE_ID + i);
		if (IS_ERR(node)) {
			icc_nodes_remove(p);
			KUNIT_FAIL_AND_ABORT(test, "icc_node_create: %ld",
					     PTR_ERR(node));
		}
		node->name = conf_icc_names[i];
		node->data = icc;
		icc_node_add(node, p);
		icc->data->nodes[i] = node;
	}
	icc->data->num_nodes = CONF_ICC_NODES;
	ret = icc_link_create(icc->data->nodes[0], CONF_ICC_BASE_ID + 1);
	if (!ret)
		ret = icc_link_create(icc->data->nodes[2], CONF_ICC_BASE_ID + 3);
	if (!ret)
		ret = icc_provider_register(p);
	if (ret) {
		icc_nodes_remove(p);
		KUNIT_FAIL_AND_ABORT(test, "icc provider: %d", ret);
	}
	conf_defer(test, conf_icc_remove, icc);
	return icc;
}

/* Console */

#define CONF_CON_LINES		4
#define CONF_CON_LEN		200
#define CONF_CON_WHERE		64

struct conf_console {
	struct console con;
	spinlock_t lock;	/* the fields below, against the writer */
	char needle[48];
	char mark[CONF_CON_MARKS][32];
	bool in_splat;
	unsigned int nr;
	unsigned int per_level[CONF_CON_SPLAT + 1];
	unsigned int marked[CONF_CON_MARKS][CONF_CON_SPLAT + 1];
	char line[CONF_CON_LINES][CONF_CON_LEN];
	char splat[CONF_CON_LINES][CONF_CON_WHERE];
};

/* A WARN's report: from this line ... */
#define CONF_CUT_HERE		"------------[ cut here ]------------"
/* ... to the line that has this. */
#define CONF_END_TRACE		"---[ end trace"

/*
 * Where a WARN or BUG report says it stopped: "WARNING: ... at <file:line>
 * <function>+<offset>/<size>" gives "<function>", "kernel BUG at
 * <file:line>!" gives "BUG <file:line>" (the offsets differ between builds).
 */
static void conf_console_splat_where(char *where, const char *text,
				     unsigned int len)
{
	const char *at = strnstr(text, " at ", len), *end;

	if (!at || (strncmp(text, "WARNING:", 8) && strncmp(text, "kernel BUG", 10)))
		return;
	at += 4;
	if (text[0] == 'k') {
		end = memchr(at, '!', text + len - at) ?: text + len;
		snprintf(where, CONF_CON_WHERE, "BUG %.*s", (int)(end - at), at);
		return;
	}
	at = memchr(at, ' ', text + len - at);
	if (!at)
		return;
	at++;
	end = memchr(at, '+', text + len - at) ?: text + len;
	snprintf(where, CONF_CON_WHERE, "%.*s", (int)(end - at), at);
}

/*
 * Counts the line of @level, @text of @len bytes, if it names the device;
 * a console for every device counts a WARN's report once, as
 * CONF_CON_SPLAT.
 */
static void conf_console_add(struct conf_console *con, int level,
			     const char *text, unsigned int len)
{
	unsigned int splat = con->per_level[CONF_CON_SPLAT] - 1, i;

	if (con->in_splat) {
		con->in_splat = !strnstr(text, CONF_END_TRACE, len);
		if (splat < CONF_CON_LINES && !con->splat[splat][0])
			conf_console_splat_where(con->splat[splat], text, len);
		return;
	}
	if (!con->needle[0] && strnstr(text, CONF_CUT_HERE, len)) {
		con->in_splat = true;
		level = CONF_CON_SPLAT;
	} else if (!strnstr(text, con->needle, len)) {
		return;
	}
	if (con->nr < CONF_CON_LINES)
		strscpy(con->line[con->nr], text, len + 1);
	con->nr++;
	con->per_level[level]++;
	for (i = 0; i < CONF_CON_MARKS; i++)
		if (con->mark[i][0] && strnstr(text, con->mark[i], len))
			con->marked[i][level]++;
}

/* Extended records: "<facility << 3 | level>,<seq>,<usec>,<flags>;<text>" */
static void conf_console_write(struct console *c, const char *s,
			       unsigned int count)
{
	struct conf_console *con = container_of(c, struct conf_console, con);
	const char *text = memchr(s, ';', count), *end, *p;
	unsigned int prefix = 0, len;
	unsigned long flags;

	if (!text || !isdigit(*s))
		return;
	for (p = s; p < text && isdigit(*p); p++)
		prefix = prefix * 10 + *p - '0';
	if ((prefix & 7) > LOGLEVEL_WARNING)
		return;
	text++;
	end = memchr(text, '\n', s + count - text) ?: s + count;
	len = min_t(unsigned int, end - text, CONF_CON_LEN - 1);
	spin_lock_irqsave(&con->lock, flags);
	conf_console_add(con, prefix & 7, text, len);
	spin_unlock_irqrestore(&con->lock, flags);
}

static void conf_console_stop(void *data)
{
	struct conf_console *con = data;

	unregister_console(&con->con);
}

/*
 * Counts the lines printed from now on, at KERN_WARNING or more urgent,
 * that contain @dev's name (as dev_warn() and dev_err() lines do), or all
 * of them for a NULL @dev.
 */
struct conf_console *conf_console(struct kunit *test, struct device *dev)
{
	struct conf_console *con = kunit_kzalloc(test, sizeof(*con),
						 GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, con);
	KUNIT_ASSERT_GT_MSG(test, console_loglevel, LOGLEVEL_WARNING,
			    "console_loglevel %d hides warnings",
			    console_loglevel);
	spin_lock_init(&con->lock);
	strscpy(con->needle, dev ? dev_name(dev) : "");
	strscpy(con->con.name, "confcon");
	con->con.write = conf_console_write;
	con->con.flags = CON_ENABLED | CON_EXTENDED;
	con->con.index = -1;
	register_console(&con->con);
	KUNIT_ASSERT_TRUE(test, console_is_registered(&con->con));
	conf_defer(test, conf_console_stop, con);
	return con;
}

/* Pending records reach the consoles before this returns. */
static void conf_console_flush(void)
{
	console_lock();
	console_unlock();
}

unsigned int conf_console_count(struct conf_console *con)
{
	unsigned long flags;
	unsigned int nr;

	conf_console_flush();
	spin_lock_irqsave(&con->lock, flags);
	nr = con->nr;
	spin_unlock_irqrestore(&con->lock, flags);
	return nr;
}

unsigned int conf_console_count_level(struct conf_console *con, int level)
{
	unsigned long flags;
	unsigned int nr;

	conf_console_flush();
	spin_lock_irqsave(&con->lock, flags);
	nr = con->per_level[level];
	spin_unlock_irqrestore(&con->lock, flags);
	return nr;
}

void conf_console_mark(struct conf_console *con, unsigned int i,
		       const char *mark)
{
	unsigned long flags;

	spin_lock_irqsave(&con->lock, flags);
	strscpy(con->mark[i], mark);
	spin_unlock_irqrestore(&con->lock, flags);
}

unsigned int conf_console_count_marked(struct conf_console *con,
				       unsigned int i, int level)
{
	unsigned long flags;
	unsigned int nr;

	conf_console_flush();
	spin_lock_irqsave(&con->lock, flags);
	nr = con->marked[i][level];
	spin_unlock_irqrestore(&con->lock, flags);
	return nr;
}

const char *conf_console_splat(struct conf_console *con, unsigned int i)
{
	return i < min_t(unsigned int, con->per_level[CONF_CON_SPLAT],
			 CONF_CON_LINES) ? con->splat[i] : "";
}

const char *conf_console_line(struct conf_console *con, unsigned int i)
{
	return i < min_t(unsigned int, con->nr, CONF_CON_LINES) ?
	       con->line[i] : "";
}

void conf_console_reset(struct conf_console *con)
{
	unsigned long flags;

	conf_console_flush();
	spin_lock_irqsave(&con->lock, flags);
	con->nr = 0;
	memset(con->per_level, 0, sizeof(con->per_level));
	memset(con->marked, 0, sizeof(con->marked));
	memset(con->splat, 0, sizeof(con->splat));
	spin_unlock_irqrestore(&con->lock, flags);
}

/* Notifier */

static int conf_notes_cb(struct notifier_block *nb, unsigned long event,
			 void *data)
{
	struct conf_notes *notes = container_of(nb, struct conf_notes, nb);
	struct dev_pm_opp *opp = data;

	if (notes->nr < CONF_MAX_NOTES) {
		notes->event[notes->nr] = event;
		notes->freq[notes->nr] = dev_pm_opp_get_freq(opp);
		notes->u_volt[notes->nr] = dev_pm_opp_get_voltage(opp);
	}
	notes->nr++;
	return NOTIFY_OK;
}

static void conf_notes_stop(void *data)
{
	struct conf_notes *notes = data;

	dev_pm_opp_unregister_notifier(notes->dev, &notes->nb);
}

/* Records the notifications of @dev's table, which must exist. */
struct conf_notes *conf_notes(struct kunit *test, struct device *dev)
{
	struct conf_notes *notes = kunit_kzalloc(test, sizeof(*notes),
						 GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, notes);
	notes->dev = dev;
	notes->nb.notifier_call = conf_notes_cb;
	KUNIT_ASSERT_EQ(test, dev_pm_opp_register_notifier(dev, &notes->nb), 0);
	conf_defer(test, conf_notes_stop, notes);
	return notes;
}

/* debugfs */

/* Opens /sys/kernel/debug/@path through a kernel mount of debugfs. */
static struct file *conf_debugfs_open(const char *path, struct vfsmount **mnt)
{
	struct file_system_type *type = get_fs_type("debugfs");
	struct file *file;

	if (!type)
		return ERR_PTR(-ENODEV);
	*mnt = kern_mount(type);
	if (IS_ERR(*mnt))
		return ERR_CAST(*mnt);
	file = file_open_root_mnt(*mnt, path, O_RDONLY, 0);
	if (IS_ERR(file))
		kern_unmount(*mnt);
	return file;
}

static void conf_debugfs_close(struct file *file, struct vfsmount *mnt)
{
	fput(file);
	kern_unmount(mnt);
}

bool conf_debugfs_exists(struct kunit *test, const char *path)
{
	struct vfsmount *mnt;
	struct file *file = conf_debugfs_open(path, &mnt);

	if (IS_ERR(file))
		return false;
	conf_debugfs_close(file, mnt);
	return true;
}

/*
 * Reads @file from its start as read(2) would, through its own file
 * operations and the user page @ubuf (debugfs files have no read_iter for
 * kernel_read()); @buf, of @size bytes, gets the text, NUL-terminated.
 * Returns the byte count or -errno.
 */
static ssize_t conf_file_read(struct file *file, unsigned long ubuf,
			      char *buf, size_t size)
{
	loff_t pos = 0;
	ssize_t n;

	size = min_t(size_t, size - 1, PAGE_SIZE);
	n = file->f_op->read ? file->f_op->read(file, (char __user *)ubuf,
						size, &pos) : -EINVAL;
	if (n > 0 && copy_from_user(buf, (char __user *)ubuf, n))
		n = -EFAULT;
	buf[n > 0 ? n : 0] = '\0';
	return n;
}

/*
 * Reads a debugfs file from its start as read(2) would, through its own
 * file operations and a user buffer; @buf gets the text, NUL-terminated.
 */
ssize_t conf_debugfs_read(struct kunit *test, const char *path, char *buf,
			  size_t size)
{
	unsigned long ubuf = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE,
					   PROT_READ | PROT_WRITE,
					   MAP_ANONYMOUS | MAP_PRIVATE, 0);
	struct vfsmount *mnt;
	struct file *file;
	ssize_t n;

	buf[0] = '\0';
	KUNIT_ASSERT_NE(test, ubuf, 0);
	file = conf_debugfs_open(path, &mnt);
	if (IS_ERR(file))
		return PTR_ERR(file);
	n = conf_file_read(file, ubuf, buf, size);
	conf_debugfs_close(file, mnt);
	return n;
}

void conf_expect_debugfs(struct kunit *test, const char *path,
			 const char *text)
{
	char buf[128];
	ssize_t n = conf_debugfs_read(test, path, buf, sizeof(buf));

	KUNIT_EXPECT_GT_MSG(test, n, 0, "reading %s", path);
	KUNIT_EXPECT_STREQ_MSG(test, buf, text, "%s", path);
}

#define CONF_DIR_MAX		48
#define CONF_DIR_NAME		40
#define CONF_DIR_DEPTH		4
#define CONF_PATH_LEN		160

struct conf_dirent {
	char name[CONF_DIR_NAME];
	unsigned int type;
};

struct conf_dir {
	struct dir_context ctx;
	unsigned int nr;
	struct conf_dirent e[CONF_DIR_MAX];
};

static bool conf_dir_actor(struct dir_context *ctx, const char *name, int len,
			   loff_t pos, u64 ino, unsigned int type)
{
	struct conf_dir *d = container_of(ctx, struct conf_dir, ctx);
	struct conf_dirent *e;

	if ((len == 1 && name[0] == '.') || (len == 2 && !memcmp(name, "..", 2)))
		return true;
	if (d->nr == CONF_DIR_MAX)
		return false;
	e = &d->e[d->nr++];
	len = min(len, CONF_DIR_NAME - 1);
	memcpy(e->name, name, len);
	e->name[len] = '\0';
	e->type = type;
	return true;
}

static int conf_dirent_cmp(const void *a, const void *b)
{
	const struct conf_dirent *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/* What a walk shares: a user page to read into, and where to report. */
struct conf_walk {
	struct vfsmount *mnt;
	unsigned long ubuf;
	char text[PAGE_SIZE];
	conf_debugfs_emit_t emit;
	void *priv;
};

static void conf_walk_file(struct conf_walk *w, const char *path)
{
	struct file *file = file_open_root_mnt(w->mnt, path, O_RDONLY, 0);
	ssize_t n;

	if (IS_ERR(file)) {
		snprintf(w->text, sizeof(w->text), "<open %ld>", PTR_ERR(file));
		w->emit(w->priv, path, w->text);
		return;
	}
	n = conf_file_read(file, w->ubuf, w->text, sizeof(w->text));
	if (n < 0)
		snprintf(w->text, sizeof(w->text), "<read %zd>", n);
	fput(file);
	w->emit(w->priv, path, w->text);
}

static int conf_walk_dir(struct conf_walk *w, const char *dir, int depth)
{
	struct conf_dir *d = kzalloc(sizeof(*d), GFP_KERNEL);
	char path[CONF_PATH_LEN];
	struct file *file;
	unsigned int i;
	int ret;

	if (!d)
		return -ENOMEM;
	d->ctx.actor = conf_dir_actor;
	file = file_open_root_mnt(w->mnt, dir, O_RDONLY | O_DIRECTORY, 0);
	ret = PTR_ERR_OR_ZERO(file);
	if (!ret) {
		ret = iterate_dir(file, &d->ctx);
		fput(file);
	}
	sort(d->e, d->nr, sizeof(d->e[0]), conf_dirent_cmp, NULL);
	for (i = 0; !ret && i < d->nr; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, d->e[i].name);
		if (d->e[i].type == DT_DIR) {
			w->emit(w->priv, path, "<dir>");
			if (depth < CONF_DIR_DEPTH)
				conf_walk_dir(w, path, depth + 1);
		} else if (d->e[i].type == DT_LNK) {
			w->emit(w->priv, path, "<link>");
		} else {
			conf_walk_file(w, path);
		}
	}
	kfree(d);
	return ret;
}

int conf_debugfs_walk(struct kunit *test, const char *dir,
		      conf_debugfs_emit_t emit, void *priv)
{
	struct file_system_type *type = get_fs_type("debugfs");
	struct conf_walk *w;
	int ret;

	if (!type)
		return -ENODEV;
	w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, w);
	w->ubuf = kunit_vm_mmap(test, NULL, 0, PAGE_SIZE,
				PROT_READ | PROT_WRITE,
				MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_NE(test, w->ubuf, 0);
	w->emit = emit;
	w->priv = priv;
	w->mnt = kern_mount(type);
	put_filesystem(type);
	if (IS_ERR(w->mnt))
		return PTR_ERR(w->mnt);
	ret = conf_walk_dir(w, dir, 1);
	kern_unmount(w->mnt);
	kunit_kfree(test, w);
	return ret;
}
