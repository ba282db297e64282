package driver

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/sophia-labs/vehicle/client"
)

// Store is what the driver needs of a vehicle host; *client.Client is one.
type Store interface {
	List(ctx context.Context) ([]client.Summary, error)
	Inspect(ctx context.Context, id string) (*client.Snapshot, error)
	Rename(ctx context.Context, id string, title *string) (*client.Summary, error)
	Delete(ctx context.Context, id string, opts ...client.DeleteOption) (*client.DeleteOutcome, error)
}

// Resolver yields the store from the driver's configuration. It is called on
// the first request that needs the store and again after a failure; a
// *ConfigError names the setting that is missing or wrong.
type Resolver func(ctx context.Context) (Store, error)

// ConfigError is a setting the driver cannot do without: Variable names the
// environment variable, Problem says what is wrong and what to do.
type ConfigError struct {
	Variable string
	Problem  string
}

// Error names the variable and the problem.
func (e *ConfigError) Error() string { return e.Variable + ": " + e.Problem }

// storeCache resolves the store once it can and keeps it.
type storeCache struct {
	mu      sync.Mutex
	resolve Resolver
	store   Store
}

// get returns the store, resolving it when it is not yet known.
func (c *storeCache) get(ctx context.Context) (Store, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.store != nil {
		return c.store, nil
	}
	if c.resolve == nil {
		return nil, &ConfigError{Variable: "VEHICLE_GARDEND", Problem: "the driver has no configuration; set VEHICLE_GARDEND and VEHICLE_GRAPH in its environment"}
	}
	st, err := c.resolve(ctx)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return nil, errors.New("the configuration resolved to no store")
	}
	c.store = st
	return st, nil
}

// asRPCError maps an error of a handler to the wire: *Error as is, a
// configuration error and anything the host failed at as -32005, and the
// host's refusals by their code.
func asRPCError(err error) *Error {
	var rpcErr *Error
	if errors.As(err, &rpcErr) {
		return rpcErr
	}
	var ce *ConfigError
	if errors.As(err, &ce) {
		return &Error{Code: CodeStoreError, Message: "store error: " + ce.Error(),
			Data: map[string]any{"variable": ce.Variable}}
	}
	var he *client.Error
	if errors.As(err, &he) {
		return hostRefusal(he)
	}
	var te *client.TransportError
	if errors.As(err, &te) {
		data := map[string]any{"cause": "unreachable"}
		if te.Status != 0 {
			data["status"] = te.Status
		}
		return &Error{Code: CodeStoreError, Message: "store error: " + te.Error(), Data: data}
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return errorf(CodeStoreError, "store error: the vehicle host did not answer in time (%v); check that it is up and try again", err)
	}
	return errorf(CodeStoreError, "store error: %v", err)
}

// hostRefusal maps a refusal of the host to the wire.
func hostRefusal(he *client.Error) *Error {
	data := map[string]any{"code": he.Code, "status": he.Status}
	e := &Error{Data: data}
	said := he.Message
	if said == "" {
		said = "the host gave no reason"
	}
	switch he.Code {
	case client.CodeNotFound:
		e.Code, e.Message = CodeSessionNotFound, said
		if !strings.Contains(said, "not found") {
			e.Message = "session not found: " + said
		}
	case client.CodeSessionRunning:
		e.Code, e.Message = CodeSessionBusy, "session busy: "+said
	case client.CodeLeaseHeld:
		e.Code, e.Message = CodeSessionLocked, "session locked: "+said
	case client.CodeInvalidRequest, client.CodeGraphMismatch:
		e.Code, e.Message = CodeInvalidParams, "Invalid params: the vehicle host refused them: "+said
	default:
		e.Code = CodeStoreError
		e.Message = fmt.Sprintf("store error: the vehicle host answered %s (HTTP %d): %s", he.Code, he.Status, said)
	}
	return e
}
