export { mediaPlugin, type MediaPluginOptions } from './plugin';
export { LiveStreams, createLiveStreams, isCompletePlaylist, type EncoderInfo, type FlvViewer, type MediaSettings, type PictureInput, type StreamSource } from './streams';
export { anchorRoomSource, matchVideoSource, roomUnavailable } from './sources';
export { FlvRelay, flvTagInfo, type FlvSink, type FlvTagInfo } from './flvRelay';
