// Test wiring: an empty project beside the host, for `hardhat node`. Hardhat 3's node task builds its
// project before it starts, which would compile the host before the test shows that
// deploy-multiaccount compiles on its own.
export default {};
