"""Orders through their lifecycle, each test in a sandbox of its own, with its own webhook receiver.

The `ci` scenario's clock is manual: nothing happens until a test advances its sandbox's clock,
and no other test can move it.
"""

import pytest

from conftest import HttpError, call

LIFECYCLE = ["order.created", "order.driver_assigned", "order.picked_up", "order.delivered"]


def test_a_new_order_is_pending_and_its_webhook_is_signed(sandbox, receiver):
    order = sandbox.create_order()
    assert order["status"] == "pending"
    [hook] = receiver.wait_for(1)
    assert hook["event"] == "order.created"
    assert hook["signature_ok"]
    assert hook["attempt"] == "1"
    assert hook["body"]["data"]["order"]["order_id"] == order["order_id"]


def test_dispatch_assigns_a_driver_after_30_seconds(sandbox, receiver):
    order = sandbox.create_order()
    assert sandbox.advance("29s")["fired"] == []
    fired = sandbox.advance("1s")["fired"]
    assert [e["event"] for e in fired] == ["order.driver_assigned"]
    read = sandbox.v1("GET", f"/orders/{order['order_id']}")
    assert read["status"] == "driver_assigned"
    assert read["driver"] is not None
    receiver.wait_for(2)
    assert receiver.events() == ["order.created", "order.driver_assigned"]


def test_an_order_is_delivered_with_every_webhook_signed_and_in_order(sandbox, receiver):
    order = sandbox.create_order()
    sandbox.advance("2h")
    hooks = receiver.wait_for(len(LIFECYCLE))
    assert all(h["signature_ok"] for h in hooks)
    assert receiver.events(order["order_id"]) == LIFECYCLE
    read = sandbox.v1("GET", f"/orders/{order['order_id']}")
    assert read["status"] == "delivered"


def test_the_clock_moves_one_step_at_a_time(sandbox, receiver):
    order = sandbox.create_order()
    statuses = []
    for by in ["30s", "5m", "30m"]:
        sandbox.advance(by)
        statuses.append(sandbox.v1("GET", f"/orders/{order['order_id']}")["status"])
    assert statuses == ["driver_assigned", "picked_up", "delivered"]
    receiver.wait_for(len(LIFECYCLE))
    assert receiver.events() == LIFECYCLE


def test_the_sandbox_clock_starts_at_the_scenario_start_and_moves_only_when_told(sandbox):
    assert sandbox.ctl("GET", "/clock")["now"] == "2026-01-01T12:00:00.000Z"
    assert sandbox.advance("10m")["now"] == "2026-01-01T12:10:00.000Z"
    assert sandbox.ctl("GET", "/clock")["now"] == "2026-01-01T12:10:00.000Z"


def test_a_pending_order_can_be_cancelled(sandbox, receiver):
    order = sandbox.create_order()
    receiver.wait_for(1)
    cancelled = sandbox.v1("DELETE", f"/orders/{order['order_id']}")
    assert cancelled["status"] == "cancelled"
    receiver.wait_for(2)
    # Nothing happens to a cancelled order, however far the clock goes.
    assert sandbox.advance("2h")["fired"] == []
    assert receiver.events(order["order_id"]) == ["order.created", "order.cancelled"]
    assert sandbox.v1("GET", f"/orders/{order['order_id']}")["status"] == "cancelled"


def test_an_order_picked_up_cannot_be_cancelled(sandbox):
    order = sandbox.create_order()
    sandbox.advance("30s")
    sandbox.advance("5m")
    assert sandbox.v1("GET", f"/orders/{order['order_id']}")["status"] == "picked_up"
    with pytest.raises(HttpError) as refused:
        sandbox.v1("DELETE", f"/orders/{order['order_id']}")
    assert refused.value.status == 400
    assert refused.value.body["error"]["reason"] == "order_not_cancellable"


def test_two_orders_each_get_their_own_lifecycle(sandbox, receiver):
    first = sandbox.create_order()
    second = sandbox.create_order()
    sandbox.advance("2h")
    receiver.wait_for(2 * len(LIFECYCLE))
    assert receiver.events(first["order_id"]) == LIFECYCLE
    assert receiver.events(second["order_id"]) == LIFECYCLE
    events = sandbox.ctl("GET", f"/events?order_id={first['order_id']}")
    assert [e["event"] for e in events["events"]] == LIFECYCLE


def test_a_reset_empties_this_sandbox_and_keeps_its_keys(sandbox):
    order = sandbox.create_order()
    sandbox.advance("10m")
    sandbox.ctl("POST", "/reset", {})
    with pytest.raises(HttpError) as gone:
        sandbox.v1("GET", f"/orders/{order['order_id']}")
    assert gone.value.status == 404
    assert sandbox.ctl("GET", "/clock")["now"] == "2026-01-01T12:00:00.000Z"
    assert sandbox.create_order()["status"] == "pending"


def test_another_sandbox_sees_nothing_of_this_one(sandbox, receiver):
    order = sandbox.create_order()
    other_name = f"{sandbox.name[:30]}-other"
    other = call("PUT", f"/__sandbox/sandboxes/{other_name}", {"scenario": "ci"})
    try:
        other_key = other["accounts"][0]["api_key"]
        with pytest.raises(HttpError) as unknown:
            call("GET", f"/v1/orders/{order['order_id']}", key=other_key)
        assert unknown.value.status == 404
        # Its clock is its own too: moving it leaves this order pending and this receiver quiet.
        call("POST", f"/__sandbox/sandboxes/{other_name}/clock/advance", {"by": "2h"})
        assert sandbox.v1("GET", f"/orders/{order['order_id']}")["status"] == "pending"
        receiver.wait_for(1)
        assert receiver.events() == ["order.created"]
    finally:
        call("DELETE", f"/__sandbox/sandboxes/{other_name}")
