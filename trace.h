/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Tracepoints of the OPP core.
 */

#undef TRACE_SYSTEM
#define TRACE_SYSTEM opp

#if !defined(_OPP_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _OPP_TRACE_H

#include <linux/device.h>
#include <linux/tracepoint.h>

#include "bridge.h"

/*
 * opp_set_rate - one transition of a device between OPPs, once it is done
 * or rolled back: the rates of the first clock, the target voltages of the
 * first supply, and the result (0 or -errno).
 */
TRACE_EVENT(opp_set_rate,

	TP_PROTO(struct device *dev, unsigned long old_rate,
		 unsigned long new_rate, unsigned long old_uv,
		 unsigned long new_uv, int result),

	TP_ARGS(dev, old_rate, new_rate, old_uv, new_uv, result),

	TP_STRUCT__entry(
		__string(device, dev_name(dev))
		__field(unsigned long, old_rate)
		__field(unsigned long, new_rate)
		__field(unsigned long, old_uv)
		__field(unsigned long, new_uv)
		__field(int, result)
	),

	TP_fast_assign(
		opp_assign_str(device, dev_name(dev));
		__entry->old_rate = old_rate;
		__entry->new_rate = new_rate;
		__entry->old_uv = old_uv;
		__entry->new_uv = new_uv;
		__entry->result = result;
	),

	TP_printk("device=%s old_rate=%lu new_rate=%lu old_uv=%lu new_uv=%lu result=%d",
		  __get_str(device), __entry->old_rate, __entry->new_rate,
		  __entry->old_uv, __entry->new_uv, __entry->result)
);

#endif /* _OPP_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
