#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_daemon_info are variadic, which Swift cannot call: these fix
// their arguments to the ones splashvid uses.

/// Called with each request's target exactly as sent, before libmicrohttpd decodes it; what
/// it returns is the request's context (`*con_cls` in the access handler).
typedef void *(*splash_mhd_target_callback)(void *context, const char *target, struct MHD_Connection *connection);

/// Starts a daemon listening on 127.0.0.1:port only (0: a free port), a thread per connection
/// behind an internal polling thread, at most `connection_limit` connections, each closed
/// after `timeout_seconds` idle and given at most `memory_limit` bytes for its request (a
/// longer request line is answered 414 by libmicrohttpd itself). `target` sees each request's
/// raw target, `completed` each request's end, `connection` each connection's start and end
/// (before its socket is closed), all with `context`.
static inline struct MHD_Daemon *splash_mhd_start_loopback(
    uint16_t port, MHD_AccessHandlerCallback handler, void *context, splash_mhd_target_callback target,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback connection, unsigned int connection_limit,
    unsigned int timeout_seconds, size_t memory_limit) {
  struct sockaddr_in address;
  memset(&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION, port, NULL, NULL, handler, context,
      MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
      MHD_OPTION_URI_LOG_CALLBACK, target, context,
      MHD_OPTION_NOTIFY_COMPLETED, completed, context,
      MHD_OPTION_NOTIFY_CONNECTION, connection, context,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
      MHD_OPTION_END);
}

/// The port a daemon listens on (the one the system chose when asked for 0), or 0.
static inline uint16_t splash_mhd_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}

/// A response holding its own copy of `size` bytes at `data`.
static inline struct MHD_Response *splash_mhd_copied_response(size_t size, const void *data) {
  return MHD_create_response_from_buffer(size, (void *)data, MHD_RESPMEM_MUST_COPY);
}

/// The socket of a connection, or -1.
static inline int splash_mhd_connection_fd(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

/// Whether the peer of `socket` has closed it (or shut its side), without reading from it:
/// bytes it sent and no one read yet (a next request) do not count.
static inline int splash_socket_peer_closed(int socket) {
#ifndef POLLRDHUP
#define POLLRDHUP 0x2000
#endif
  struct pollfd watched = {.fd = socket, .events = POLLIN | POLLRDHUP, .revents = 0};
  if (poll(&watched, 1, 0) < 0) return 0;
  return (watched.revents & (POLLRDHUP | POLLHUP | POLLERR | POLLNVAL)) != 0;
}
