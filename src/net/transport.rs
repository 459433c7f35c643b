//! The wire, over bevy_replicon 0.44 and its renet backend (netcode over
//! UDP): one Bevy app for the host (the server) and one for the guest (a
//! client), each carrying packets of bytes both ways on one ordered,
//! reliable channel. Nothing here knows a module or a message: the host's
//! and guest's cores read the bytes ([`super::protocol`]).
//!
//! Netcode runs in its secure mode: every packet is encrypted and
//! authenticated with keys from a connect token, and a token is made and
//! read only with the private key both ends derive from the game's join
//! code ([`super::join_code`]). A client without the code cannot connect,
//! and an observer on the path reads nothing.
//!
//! A guest's packet reaches the host as raw bytes (it is never decoded by
//! the transport), so garbage is refused by the host's own reader with a
//! sentence, not dropped unseen.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::time::{Duration, SystemTime};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy_replicon::bytes::Bytes;
use bevy_replicon::prelude::*;
use bevy_replicon::shared::message::ctx::{ClientSendCtx, ServerReceiveCtx};
use bevy_replicon_renet::netcode::{
    ClientAuthentication, ConnectToken, NetcodeClientTransport, NetcodeDisconnectReason,
    NetcodeServerTransport, ServerAuthentication, ServerConfig,
};
use bevy_replicon_renet::renet::ConnectionConfig;
use bevy_replicon_renet::{RenetChannelsExt, RenetClient, RenetServer, RepliconRenetPlugins};
use serde::{Deserialize, Serialize};

/// The netcode private key both ends derive from the game's join code
/// ([`super::join_code::JoinCode::key`]; 32 bytes).
#[derive(Clone, PartialEq, Eq)]
pub struct JoinKey(pub [u8; 32]);

impl std::fmt::Debug for JoinKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A key is never printed.
        f.write_str("JoinKey(…)")
    }
}

/// Kassen's netcode protocol id: a guest of another program (or another
/// wire format) cannot connect.
pub const PROTOCOL_ID: u64 = 0x4b41_5353_454e_0001;

/// Connections a host admits at once: the guest and three more, so that
/// another connection holding the code is answered ("the seat is taken")
/// instead of being dropped unseen. Connections that do not take the seat
/// are dropped after [`super::peer::HELLO_WAIT`], so they cannot lock the
/// guest out.
pub const MAX_CLIENTS: usize = 4;

/// Seconds without a packet after which either end drops a connection,
/// and a connection request with no answer gives up.
pub const TIMEOUT_SECONDS: i32 = 10;

/// Seconds a guest's connect token stays valid from its making: an hour,
/// so that two machines whose clocks differ by less still connect.
pub const TOKEN_SECONDS: u64 = 3600;

/// A packet from a guest to the host: raw bytes.
#[derive(Message, Clone, Debug)]
pub struct GuestPacket(pub Vec<u8>);

/// A packet from the host to a guest.
#[derive(Message, Clone, Debug, Serialize, Deserialize)]
pub struct HostPacket(pub Vec<u8>);

fn write_raw(_: &mut ClientSendCtx, m: &GuestPacket, out: &mut Vec<u8>) -> Result<()> {
    out.extend_from_slice(&m.0);
    Ok(())
}

fn read_raw(_: &mut ServerReceiveCtx, b: &mut Bytes) -> Result<GuestPacket> {
    Ok(GuestPacket(b.to_vec()))
}

/// A windowless app with the transport ([`add_transport`]), finished and
/// ready to be updated by hand.
pub fn net_app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    add_transport(&mut app);
    app.finish();
    app.cleanup();
    app
}

/// Adds the transport's plugins and the two packet types (the same on
/// host and guest, in the same order) to an app that has the state
/// plugin (the desktop app's default plugins, or [`net_app`]'s).
pub fn add_transport(app: &mut App) {
    app.add_plugins((
        RepliconPlugins.set(ServerPlugin::new(PostUpdate)),
        RepliconRenetPlugins,
    ))
    .add_client_message_with(Channel::Ordered, write_raw, read_raw)
    .add_server_message::<HostPacket>(Channel::Ordered)
    .make_message_independent::<HostPacket>();
}

fn connection_config(world: &World) -> ConnectionConfig {
    let channels = world.resource::<RepliconChannels>();
    ConnectionConfig {
        server_channels_config: channels.server_configs(),
        client_channels_config: channels.client_configs(),
        ..Default::default()
    }
}

fn now() -> Duration {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
}

/// Starts the server in `app` on UDP `bind`, in netcode's secure mode
/// with the private key `key` (from the join code); guests may dial any of
/// `public` (the addresses they reach this machine by; when empty, the
/// bound address, or, when bound to every address, 127.0.0.1 and this
/// machine's local-network address ([`local_network_ip`]) on its port).
/// Returns the bound address and the addresses guests may dial.
///
/// # Errors
/// The port cannot be bound, as a sentence.
pub fn start_server(
    world: &mut World,
    bind: SocketAddr,
    public: &[SocketAddr],
    key: &JoinKey,
) -> Result<(SocketAddr, Vec<SocketAddr>), String> {
    let socket = UdpSocket::bind(bind).map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    let addr = socket
        .local_addr()
        .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    let mut public_addresses: Vec<SocketAddr> = public.to_vec();
    if public_addresses.is_empty() {
        if addr.ip().is_unspecified() {
            // Every address: this machine itself, and its address on the
            // local network when it has one.
            public_addresses.push(SocketAddr::new(
                IpAddr::V4(Ipv4Addr::LOCALHOST),
                addr.port(),
            ));
            if let Some(ip) = local_network_ip() {
                public_addresses.push(SocketAddr::new(ip, addr.port()));
            }
        } else {
            public_addresses.push(addr);
        }
    }
    let dial = public_addresses.clone();
    let transport = NetcodeServerTransport::new(
        ServerConfig {
            current_time: now(),
            max_clients: MAX_CLIENTS,
            protocol_id: PROTOCOL_ID,
            public_addresses,
            authentication: ServerAuthentication::Secure { private_key: key.0 },
        },
        socket,
    )
    .map_err(|e| format!("cannot listen on {bind}: {e}"))?;
    let server = RenetServer::new(connection_config(world));
    world.insert_resource(server);
    world.insert_resource(transport);
    Ok((addr, dial))
}

/// This machine's address on its local network: the source address the
/// system would use toward a public address (a UDP socket's `connect` sends
/// nothing). `None` without a route, or when it is the loopback address.
pub fn local_network_ip() -> Option<IpAddr> {
    let s = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    s.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = s.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

/// Connects the client in `app` to the host at `server` as netcode client
/// `client_id` (unique per connection: a reconnection takes a new one),
/// with a connect token the client makes itself with `key` (from the join
/// code). An old connection's resources are removed first.
///
/// # Errors
/// No local socket, or a token that cannot be made, as a sentence.
pub fn connect_client(
    world: &mut World,
    server: SocketAddr,
    client_id: u64,
    key: &JoinKey,
) -> Result<(), String> {
    world.remove_resource::<RenetClient>();
    world.remove_resource::<NetcodeClientTransport>();
    let local: SocketAddr = if server.is_ipv4() {
        (Ipv4Addr::UNSPECIFIED, 0).into()
    } else {
        (std::net::Ipv6Addr::UNSPECIFIED, 0).into()
    };
    let socket = UdpSocket::bind(local).map_err(|e| format!("no local socket: {e}"))?;
    let connect_token = ConnectToken::generate(
        now(),
        PROTOCOL_ID,
        TOKEN_SECONDS,
        client_id,
        TIMEOUT_SECONDS,
        vec![server],
        None,
        &key.0,
    )
    .map_err(|e| format!("cannot make a connect token for {server}: {e}"))?;
    let auth = ClientAuthentication::Secure { connect_token };
    let transport = NetcodeClientTransport::new(now(), auth, socket)
        .map_err(|e| format!("cannot connect to {server}: {e}"))?;
    let client = RenetClient::new(connection_config(world));
    world.insert_resource(client);
    world.insert_resource(transport);
    Ok(())
}

/// Drops the client's connection (the host sees it leave at its next
/// frames).
pub fn disconnect_client(world: &mut World) {
    if let Some(mut c) = world.get_resource_mut::<RenetClient>() {
        c.disconnect();
    }
}

/// Why the client's connection to `server` ended, as a sentence, once netcode gave
/// up on it (`None` while connecting or connected). A host that does not
/// answer the connect token is the sign of a wrong join code: netcode's
/// server drops a token it cannot decrypt without a word.
pub fn client_failure(world: &World, server: SocketAddr) -> Option<String> {
    let t = world.get_resource::<NetcodeClientTransport>()?;
    Some(match t.disconnect_reason()? {
        NetcodeDisconnectReason::ConnectionRequestTimedOut
        | NetcodeDisconnectReason::ConnectionResponseTimedOut => format!(
            "the host at {server} did not let this guest in: the join code is wrong, or no game is hosted there"
        ),
        NetcodeDisconnectReason::ConnectTokenExpired => {
            "the host found the join token expired: the two machines' clocks differ by more than an hour".into()
        }
        NetcodeDisconnectReason::ConnectionDenied => {
            "the host is full: it admits no more connections now".into()
        }
        NetcodeDisconnectReason::ConnectionTimedOut => "the connection to the host was lost".into(),
        NetcodeDisconnectReason::DisconnectedByServer => "the host closed the connection".into(),
        NetcodeDisconnectReason::DisconnectedByClient => "the connection was closed here".into(),
    })
}

/// Whether the client is connected.
pub fn client_connected(world: &World) -> bool {
    world
        .get_resource::<State<ClientState>>()
        .is_some_and(|s| *s.get() == ClientState::Connected)
}

/// The packets the host received since the last call, with the client
/// (its entity) that sent each.
pub fn host_inbox(world: &mut World) -> Vec<(Entity, Vec<u8>)> {
    let Some(mut m) = world.get_resource_mut::<Messages<FromClient<GuestPacket>>>() else {
        return Vec::new();
    };
    m.drain()
        .filter_map(|f| f.client_id.entity().map(|e| (e, f.message.0)))
        .collect()
}

/// Sends `bytes` from the host to one client.
pub fn host_send(world: &mut World, client: Entity, bytes: Vec<u8>) {
    world.write_message(ToClients {
        targets: SendTargets::Single(ClientId::Client(client)),
        message: HostPacket(bytes),
    });
}

/// The clients connected to the host now, in entity order.
pub fn host_clients(world: &mut World) -> Vec<Entity> {
    let mut q = world.query_filtered::<Entity, With<ConnectedClient>>();
    let mut v: Vec<Entity> = q.iter(world).collect();
    v.sort();
    v
}

/// Drops `client`'s connection (netcode tells it the host closed it).
pub fn host_drop(world: &mut World, client: Entity) {
    if world.get_entity(client).is_ok() {
        world.despawn(client);
    }
}

/// Whether `client` is still connected to the host.
pub fn host_has_client(world: &World, client: Entity) -> bool {
    world
        .get_entity(client)
        .is_ok_and(|e| e.contains::<ConnectedClient>())
}

/// The packets the guest received since the last call.
pub fn guest_inbox(world: &mut World) -> Vec<Vec<u8>> {
    let Some(mut m) = world.get_resource_mut::<Messages<HostPacket>>() else {
        return Vec::new();
    };
    m.drain().map(|p| p.0).collect()
}

/// Sends `bytes` from the guest to the host (only while connected: a
/// packet written otherwise would not leave the machine).
pub fn guest_send(world: &mut World, bytes: Vec<u8>) -> bool {
    if !client_connected(world) {
        return false;
    }
    world.write_message(GuestPacket(bytes));
    true
}

/// Connects the client in `world` to `server` in netcode's unsecure mode,
/// with no join code at all: what a stranger's client does (for the
/// hostile-network tests).
#[cfg(test)]
pub(super) fn connect_without_code(world: &mut World, server: SocketAddr, client_id: u64) {
    let socket = UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).expect("a local socket");
    let auth = ClientAuthentication::Unsecure {
        protocol_id: PROTOCOL_ID,
        client_id,
        server_addr: server,
        user_data: None,
    };
    let transport = NetcodeClientTransport::new(now(), auth, socket).expect("a transport");
    let client = RenetClient::new(connection_config(world));
    world.insert_resource(client);
    world.insert_resource(transport);
}
