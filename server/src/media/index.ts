export { mediaPlugin, type MediaPluginOptions } from './plugin';
export { LiveStreams, createLiveStreams, isCompletePlaylist, type EncoderInfo, type FlvViewer, type MediaSettings } from './streams';
export { FlvRelay, flvTagInfo, type FlvSink, type FlvTagInfo } from './flvRelay';
